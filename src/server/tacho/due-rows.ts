import { sql } from 'drizzle-orm';
import { FEATURE_TACHO_DOWNLOAD } from '@shared/access/role-names';
import {
  TACHO_KINDS,
  TACHO_RULES,
  TACHO_SCHEDULER_REPEAT_HOURS,
  TACHO_UNKNOWN_PERIOD,
  type TachoKind,
} from '@shared/tacho/tacho';
import { TACHO_REQUEST_DAYS_RANGE } from '@shared/customers/customers';

/**
 * Due vehicles (kind 1, the latest file's device) and drivers (kind 2, the device that read the
 * card last) of customers with the Tacho Download feature: days left (tachoDaysLeft) below the
 * customer's threshold, which is `period_to < now + (threshold - legal days)`; the unknown
 * period has no days left and is never due. The device must still be the customer's, and nothing
 * may have been requested for the same data within TACHO_SCHEDULER_REPEAT_HOURS (an open user
 * request included). Each row carries what decides it: `outcome` 'request' or why not.
 * The first condition on period_to bounds the scan by the due index whatever the thresholds.
 */
export function dueRows(now: Date): ReturnType<typeof sql> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Parameters arrive as text: each number is cast where it is used.
  const n = (value: number) => sql`${value}::int`;
  const legal = (kind: TachoKind) => TACHO_RULES[kind].legalDays;
  const legalOf = sql`case tl.kind when ${n(TACHO_KINDS.vehicle)} then ${n(legal(TACHO_KINDS.vehicle))}
    else ${n(legal(TACHO_KINDS.driver))} end`;
  const bound = (kind: TachoKind) =>
    sql`(tl.kind = ${n(kind)} and tl.period_to < ${at} + make_interval(days => ${n(TACHO_REQUEST_DAYS_RANGE.max - legal(kind))}))`;
  return sql`
    with tacho_customers as (
      select c.id, c.tacho_request_days as days from customers c
      where c.deactivated_at is null and exists (
        select 1 from customer_features cf join features f on f.id = cf.feature_id
        where cf.customer_id = c.id and f.name = ${FEATURE_TACHO_DOWNLOAD})
    ),
    valid_cards as (
      select cc.id, cc.customer_id, s.status = 1 as up
      from company_cards cc join auth_servers s on s.id = cc.auth_server_id
      where cc.valid_until > ${at} and cc.customer_id in (select id from tacho_customers)
    ),
    due as (
      select tl.kind::int as kind, tl.customer_key as customer_id, tc.days, f.device_id,
        case when tl.kind = ${n(TACHO_KINDS.driver)} then f.card_number end as card_number,
        tl.period_to + make_interval(days => ${legalOf}) as due_at
      from tacho_latest tl
      join tacho_customers tc on tc.id = tl.customer_key
      join tacho_files f on f.id = tl.file_id
      join devices d on d.id = f.device_id and d.customer_id = tl.customer_key
      where (${bound(TACHO_KINDS.vehicle)} or ${bound(TACHO_KINDS.driver)})
        and tl.period_to > ${TACHO_UNKNOWN_PERIOD}::timestamptz
        and tl.period_to < ${at} + make_interval(days => tc.days - ${legalOf})
        and (tl.kind = ${n(TACHO_KINDS.vehicle)} or f.card_number is not null)
    ),
    fresh as (
      select due.* from due
      where not exists (
        select 1 from tacho_requests r
        where r.device_id = due.device_id and r.kind = due.kind
          and r.card_number is not distinct from due.card_number
          and r.created > ${at} - make_interval(hours => ${n(TACHO_SCHEDULER_REPEAT_HOURS)}))
    )
    select fresh.*,
      case
        when not exists (select 1 from valid_cards v where v.customer_id = fresh.customer_id)
          then 'noValidCard'
        when not exists (select 1 from valid_cards v where v.customer_id = fresh.customer_id and v.up)
          then 'serverDown'
        when fresh.kind = ${n(TACHO_KINDS.vehicle)}
          and exists (select 1 from company_card_devices ccd join valid_cards v on v.id = ccd.card_id
            where v.customer_id = fresh.customer_id and v.up)
          and not exists (select 1 from company_card_devices ccd join valid_cards v on v.id = ccd.card_id
            where ccd.device_id = fresh.device_id and v.customer_id = fresh.customer_id and v.up)
          then 'notServed'
        else 'request'
      end as outcome
    from fresh`;
}
