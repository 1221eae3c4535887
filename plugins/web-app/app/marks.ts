/** Performance marks the app sets (the browser test measures to them). */
/** Set once every dashboard widget shows its data. */
export const DASHBOARD_READY = 'cuadra:dashboard-ready';
