import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in the sign-in page's JavaScript: sonner (~10 KiB gzip) loads with the
 * first toast, or when someone signs in (preloadToasts), and AppToaster mounts its Toaster only
 * then. Calls made while it loads are shown once it is there, in order; sonner replays toasts
 * created before its Toaster subscribed, so none is lost.
 */
type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast>[0];

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => {
    sonner = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** Loads sonner ahead of the first toast, e.g. once signed in: it is then there offline too. */
export function preloadToasts(): void {
  void loadToasts();
}

/** The loaded sonner module (for AppToaster's Toaster), or undefined while none was wanted. */
export const loadedToasts = (): Sonner | undefined => sonner;

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function whenLoaded(show: (module: Sonner) => void): void {
  if (sonner) show(sonner);
  else void loadToasts().then(show);
}

type Variant = 'success' | 'error' | 'warning' | 'info';
const variant =
  (kind: Variant) =>
  (message: Message, options?: ExternalToast): void => {
    whenLoaded((module) => module.toast[kind](message, options));
  };

/** sonner's toast, as used here: plain, the four variants and dismiss. */
export const toast = Object.assign(
  (message: Message, options?: ExternalToast): void => {
    whenLoaded((module) => module.toast(message, options));
  },
  {
    success: variant('success'),
    error: variant('error'),
    warning: variant('warning'),
    info: variant('info'),
    dismiss: (id?: string | number): void => {
      whenLoaded((module) => module.toast.dismiss(id));
    },
  },
);
