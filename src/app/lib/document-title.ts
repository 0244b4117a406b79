import { useEffect } from 'react';

export const PRODUCT_NAME = 'Fleet Portal';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
