import { Value } from '@sinclair/typebox/value';
import { ValidationFailed, type FieldError } from '../../kernel/errors';
import type { WidgetType } from './contract';

/** The widget's parameters with its defaults filled in; 422 under `loc` for unknown or invalid ones. */
export function widgetParams(widget: WidgetType, params: Record<string, unknown> | undefined, loc: (string | number)[]): Record<string, any> {
  const given = { ...(params ?? {}) };
  const known = widget.query.properties;
  const errors: FieldError[] = Object.keys(given).filter((name) => !(name in known))
    .map((name) => ({ loc: [...loc, name], msg: `Unknown parameter of widget type ${widget.type}`, type: 'value_error.extra' }));
  if (errors.length) throw new ValidationFailed(errors);
  const filled = Value.Default(widget.query, given) as Record<string, unknown>;
  for (const error of Value.Errors(widget.query, filled)) {
    errors.push({ loc: [...loc, ...error.path.split('/').filter(Boolean)], msg: error.message, type: 'value_error' });
  }
  if (errors.length) throw new ValidationFailed(errors);
  return filled;
}
