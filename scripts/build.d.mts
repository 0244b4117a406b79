export const serverEntry: string;
export const seedEntry: string;
export function buildParts(options?: {
  parts?: ('client' | 'server')[];
  onlyChanged?: boolean;
}): Promise<void>;
