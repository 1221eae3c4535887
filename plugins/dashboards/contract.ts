import type { TObject } from '@sinclair/typebox';
import type { Kernel } from '../../kernel/kernel';
import type { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';

/** The permissions a widget's data needs for `params` (see `WidgetType.reads`). */
export const widgetReads = (widget: WidgetType, params: Record<string, any>): readonly string[] =>
  typeof widget.reads === 'function' ? widget.reads(params) : widget.reads;

/** What a widget provider is given besides its parameters. */
export interface WidgetContext {
  kernel: Kernel;
  /** Today in Spain (YYYY-MM-DD): periods such as `this_month` are relative to it. */
  today: string;
}

/**
 * A widget type, contributed through the `widget-types` extension point by the plugin that owns
 * its data. The dashboards plugin lists it in `GET /dashboard/widget-types`, serves
 * `GET /dashboard/data/{type}` with `query` as its query schema, and dispatches
 * `POST /dashboard/data` (`{type, params}`) to `data` after validating `params` against `query`.
 */
export interface WidgetType {
  type: string;
  title: string;
  description: string;
  /** Grid cells on the 12-column board. */
  defaultSize: { w: number; h: number };
  /** The widget's parameters, with their defaults (TypeBox object of optional fields). */
  query: TObject;
  /** Position in the recommended template (lower first); absent when not recommended. */
  recommended?: number;
  /**
   * The read permissions of the resources the widget's data shows (`ledger.read`, `contacts.read`
   * for contact names …), for the parameters given. The caller needs each one besides
   * dashboards.read, checked as those resources' own routes check them (role and API-key scopes):
   * otherwise 403, and no data.
   */
  reads: readonly string[] | ((params: Record<string, any>) => readonly string[]);
  data(tx: Tx, params: Record<string, any>, context: WidgetContext): Promise<Record<string, unknown>>;
}

/**
 * A dimension of the `top` widget that another plugin's data answers (`top-dimensions` extension
 * point): `product`, the sales of a period by what was sold, from the invoices plugin. Amounts are
 * net of VAT and of rectifications, so that together they equal the period's sales in the books.
 */
export interface TopDimension {
  dim: 'product';
  totals(tx: Tx, range: { from: string; to: string }): Promise<{ key: string; name: string; amount: Decimal }[]>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints { 'widget-types': WidgetType; 'top-dimensions': TopDimension }
}
