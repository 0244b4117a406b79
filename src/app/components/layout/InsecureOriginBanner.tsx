import { useState } from 'react';
import { InfoIcon } from '@app/components/ui/icons';

export const INSECURE_ORIGIN_TITLE = 'Not a secure address (http)';
// True to what the browser does here: no service worker (so no offline start, no install), no
// live camera (getUserMedia) for the label scanner, while the outbox's IndexedDB still keeps
// changes made when the connection drops (decision 052).
export const INSECURE_ORIGIN_TEXT =
  'Offline use, installing the app and scanning labels with the camera need https (or ' +
  'localhost): here the portal opens only while the server can be reached. Changes saved while ' +
  'the connection is lost are kept in this browser and sent when it returns.';
/** Who can change it, and how (README: Try it on a phone; decision 068). */
const INSECURE_ORIGIN_REMEDY = 'Whoever runs the server can serve https:';
const INSECURE_ORIGIN_COMMAND = 'HTTPS=1 npm start';
/** Set once the notice was acknowledged: it is shown once per browser, not on every visit. */
export const INSECURE_ORIGIN_SEEN_KEY = 'insecureOriginNoticeSeen';

/** What a page opened over plain http cannot do, until acknowledged. */
export function InsecureOriginBanner() {
  const [seen, setSeen] = useState(() => localStorage.getItem(INSECURE_ORIGIN_SEEN_KEY) !== null);
  if (seen) return null;

  const acknowledge = () => {
    localStorage.setItem(INSECURE_ORIGIN_SEEN_KEY, new Date().toISOString());
    setSeen(true);
  };

  return (
    <div role="status" className="bg-sky-50 text-sky-950 ring-1 ring-sky-200">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-2 text-sm sm:items-center sm:px-6 lg:px-5 xl:px-8">
        <InfoIcon className="mt-0.5 size-4 shrink-0 sm:mt-0" />
        <p className="flex-1">
          <span className="font-semibold">{INSECURE_ORIGIN_TITLE}.</span> {INSECURE_ORIGIN_TEXT}{' '}
          {INSECURE_ORIGIN_REMEDY}{' '}
          <code className="font-mono whitespace-nowrap">{INSECURE_ORIGIN_COMMAND}</code> (README:
          Try it on a phone).
        </p>
        <button
          type="button"
          onClick={acknowledge}
          className="inline-flex h-11 shrink-0 items-center rounded-md px-3 font-semibold hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-700 sm:h-8"
        >
          Got it
        </button>
      </div>
    </div>
  );
}
