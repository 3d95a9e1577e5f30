/**
 * dayjs in Chinese (antd's date pickers take their month and week names from it). Imported by the
 * pages that show a date picker, not by the entry: the public pages and /login need no dates, so
 * dayjs stays out of the code every first page loads (docs/website.md, Performance).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export { dayjs };
