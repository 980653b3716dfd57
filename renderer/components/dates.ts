/** Dates and times on screen, one format everywhere (contract/dates.ts). */
export { calendarDayText as formatDay, dateTimeText as formatDateTime, timeText as formatTime } from '../../contract/dates';
