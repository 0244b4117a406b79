import type { SVGProps } from 'react';
import { Outline } from '@app/components/ui/icons';

/** A pulse line: a forward's delivery health (the row's 'Health' button). */
export const ActivityIcon = (props: SVGProps<SVGSVGElement>) => (
  <Outline {...props}>
    <path d="M3 12h4l3-8 4 16 3-8h4" />
  </Outline>
);
