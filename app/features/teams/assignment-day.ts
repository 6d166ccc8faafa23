import { zoneDayKey } from '../../../core/progress/dashboard';
import { browserZone } from '../../lib/time-zone';

/** Today in the browser's time zone: the day due dates and overdue are measured from. */
export const today = () => zoneDayKey(new Date(), browserZone());

export const PAST_DUE = 'The due date has passed; choose today or a later day.';
