/** What other plugins may use from aeat-115: the rule that picks the rents out of the tax register (the 180 sums the year with it). */
export { isRent, LANDLORD_AMOUNTS, LANDLORD_GROUPS, landlordsOf, RENT_ROWS, RENT_WITHHOLDING_RATE, type Landlord } from './rents';
export { MODEL_115, BOXES_115 } from './model';
