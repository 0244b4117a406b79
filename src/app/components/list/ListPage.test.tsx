import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '@app/lib/api-errors';
import { sizeElementsInEachTest, usePhoneLayout } from './test/layout';
import { renderThings, things, type Thing } from './test/things';

sizeElementsInEachTest();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const loaded =
  (rows: Thing[] = things) =>
  () =>
    Promise.resolve(rows);
/** The first cell of each data row: the names in the order shown. */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const countLine = () =>
  screen.getByText((_, e) => e?.tagName === 'P' && /things?$/.test(e.textContent));
const type = (text: string) => {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search text' }), {
    target: { value: text },
  });
};

describe('ListPage with a client-side list', () => {
  it('shows the skeleton, then the table with the count', async () => {
    renderThings(loaded());
    expect(screen.getByRole('status', { name: 'Loading things' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Things' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Country',
      'Id',
      'Actions',
    ]);
    expect(names()).toEqual(['Vega Logistics', 'Atlas Freight', 'Hansen Transport']);
    expect(countLine().textContent).toBe('3 things');
    // An empty value reads as a dash; a cut-off cell shows its full text on hover.
    expect(screen.getByRole('cell', { name: '–' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Hansen Transport' }).title).toBe('Hansen Transport');
  });

  it('filters on the chosen field at every keystroke', async () => {
    renderThings(loaded());
    await screen.findByRole('table');
    type('a');
    await waitFor(() => {
      expect(names()).toEqual(['Vega Logistics', 'Atlas Freight', 'Hansen Transport']);
    });
    type('r');
    await waitFor(() => {
      expect(names()).toEqual(['Atlas Freight', 'Hansen Transport']);
    });
    expect(countLine().textContent).toBe('2 of 3 things');
    // No minimum length client-side, so no hint about one.
    expect(screen.queryByText(/Type at least/)).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Search by' }), {
      target: { value: 'Country' },
    });
    type('nl');
    await waitFor(() => {
      expect(names()).toEqual(['Vega Logistics']);
    });
  });

  it('sorts by a header: ascending, descending, then the list order', async () => {
    renderThings(loaded());
    await screen.findByRole('table');
    const header = () => screen.getByRole('columnheader', { name: 'Name' });
    expect(header().getAttribute('aria-sort')).toBe('none');
    // The unsortable column announces no order.
    expect(screen.getByRole('columnheader', { name: 'Id' }).hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(header()).getByRole('button', { name: 'Name' }));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Atlas Freight', 'Hansen Transport', 'Vega Logistics']);

    fireEvent.click(within(header()).getByRole('button', { name: 'Name' }));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Vega Logistics', 'Hansen Transport', 'Atlas Freight']);

    fireEvent.click(within(header()).getByRole('button', { name: 'Name' }));
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Vega Logistics', 'Atlas Freight', 'Hansen Transport']);

    // Empty countries sort last.
    const country = screen.getByRole('columnheader', { name: 'Country' });
    fireEvent.click(within(country).getByRole('button'));
    expect(names()).toEqual(['Atlas Freight', 'Vega Logistics', 'Hansen Transport']);
  });

  it("says the screen's empty text, and 'Clear search' brings the rows back", async () => {
    renderThings(loaded());
    await screen.findByRole('table');
    type('zzz');
    expect(await screen.findByText('No things found')).toBeTruthy();
    expect(screen.getByText(/Nothing matches this search/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => {
      expect(names()).toHaveLength(3);
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search text' }).value).toBe('');
  });

  it('says an empty list is empty, without a search to clear', async () => {
    renderThings(loaded([]));
    expect(await screen.findByText('No things found')).toBeTruthy();
    expect(screen.getByText('Nothing has been made yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('Refresh clears the search and loads the list again', async () => {
    const load = vi.fn(loaded());
    renderThings(load);
    await screen.findByRole('table');
    type('vega');
    await waitFor(() => {
      expect(names()).toHaveLength(1);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => {
      expect(names()).toHaveLength(3);
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search text' }).value).toBe('');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('offers Retry after a failed load, which loads the list', async () => {
    let calls = 0;
    renderThings(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('Network response was not ok.')) : loaded()();
    });
    expect(await screen.findByText('The things could not be loaded')).toBeTruthy();
    expect(screen.getByText('Network response was not ok.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table');
    expect(names()).toHaveLength(3);
  });

  it('says not found, without a Retry that cannot help, for a 404', async () => {
    renderThings(() => Promise.reject(new NotFoundError()));
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the row actions in the table', async () => {
    const onEdit = vi.fn();
    renderThings(loaded(), onEdit);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Atlas Freight' }));
    expect(onEdit).toHaveBeenCalledWith(things[1]);
  });
});

describe('ListPage on a phone', () => {
  it('shows cards from the same columns: title, labelled values, actions', async () => {
    usePhoneLayout();
    const onEdit = vi.fn();
    renderThings(loaded(), onEdit);
    const card = await screen.findByRole('article', { name: 'Atlas Freight' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    // The title column heads the card; the others are labelled; hidden ones are left off.
    expect(within(card).getByText('Country').tagName).toBe('DT');
    expect(within(card).getByText('DK').tagName).toBe('DD');
    expect(within(card).queryByText('Id')).toBeNull();
    // The action has room for its label on a card.
    fireEvent.click(within(card).getByRole('button', { name: 'Edit Atlas Freight' }));
    expect(onEdit).toHaveBeenCalledWith(things[1]);
  });
});
