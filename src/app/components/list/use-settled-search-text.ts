import { useEffect, useState } from 'react';
import { useBusy } from '@app/lib/busy';
import { SEARCH_DEBOUNCE_MS } from './search-rules';

/**
 * The search field's text and when it takes effect (spec 02 §4): the typed text is handed to
 * `onSettle` once nothing was typed for SEARCH_DEBOUNCE_MS and no call is in progress. A text that
 * goes quiet while a call runs waits for that call instead of being dropped.
 *
 * `settled` is the text in effect (the URL's). When it changes from outside (back button,
 * Refresh), the field follows it.
 */
export function useSettledSearchText(settled: string, onSettle: (text: string) => void) {
  const busy = useBusy();
  const [text, setText] = useState(settled);
  const [quietText, setQuietText] = useState(settled);
  const [seen, setSeen] = useState(settled);

  // Adjusting state to a changed prop during render (React's documented pattern, no effect).
  if (seen !== settled) {
    setSeen(settled);
    if (settled !== quietText) {
      setText(settled);
      setQuietText(settled);
    }
  }

  useEffect(() => {
    if (text === quietText) return;
    const timer = window.setTimeout(() => {
      setQuietText(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [text, quietText]);

  useEffect(() => {
    if (!busy && quietText !== settled) onSettle(quietText);
  }, [busy, quietText, settled, onSettle]);

  /** Sets the text and applies it at once, without the debounce (Refresh). */
  const reset = (value: string) => {
    setText(value);
    setQuietText(value);
  };

  return { text, setText, reset };
}
