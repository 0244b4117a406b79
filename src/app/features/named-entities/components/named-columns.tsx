import type { NamedEntity } from '@shared/access/names';
import type { ListColumn, Noun } from '@app/components/list';

/**
 * The table of spec 02 "Features page" / "Roles page": Name, Id, UsedBy. On a phone the name
 * heads the card. `usedBy` names what UsedBy counts, for the cell's tooltip ('4 users').
 */
export function namedColumns(usedBy: Noun): readonly ListColumn<NamedEntity>[] {
  const usage = (n: number) => `${String(n)} ${n === 1 ? usedBy.one : usedBy.many}`;
  return [
    { id: 'name', header: 'Name', card: 'title', text: (r) => r.Name },
    { id: 'id', header: 'Id', width: 88, className: 'tabular-nums', text: (r) => r.Id },
    {
      id: 'usedBy',
      header: 'UsedBy',
      width: 104,
      className: 'tabular-nums',
      text: (r) => r.UsedBy,
      cell: (r) => <span title={usage(r.UsedBy)}>{r.UsedBy}</span>,
    },
  ];
}
