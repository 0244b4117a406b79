export const serverDir: string;
export const serverEntry: string;
export const seedEntry: string;
export function buildServer(): Promise<void>;
export function buildParts(options?: {
  parts?: ('client' | 'server')[];
  onlyChanged?: boolean;
}): Promise<void>;
