import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

// 'Do' (1st, 2nd…) needs advancedFormat; "x minutes ago" needs relativeTime.
dayjs.extend(advancedFormat);
dayjs.extend(relativeTime);

export { dayjs };
