import type { ReactNode } from 'react';
import {
  Cell, Column, FieldError, Input, Label, Row, Table, TableBody, TableHeader, Text, TextField, type Key, type TextFieldProps,
} from 'react-aria-components';
import { useT } from './i18n';

/** A labelled text field whose error comes from the API (a 422's message for this field). */
export function Field({ label, error, description, ...props }: TextFieldProps & { label: string; error?: string; description?: string }) {
  return (
    <TextField {...props} isInvalid={Boolean(error)} className="field">
      <Label>{label}</Label>
      <Input />
      {description ? <Text slot="description">{description}</Text> : null}
      <FieldError>{error}</FieldError>
    </TextField>
  );
}

/** A message that screen readers announce: polite for news, assertive for errors. */
export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error'; children: ReactNode }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A page's title, focusable so navigation can move focus to it. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 tabIndex={-1}>{children}</h1>;
}

/** One column of a `DataTable`: its header, whether it names the row, and what each row shows in it. */
export interface DataColumn<T> {
  header: string;
  isRowHeader?: boolean;
  cell: (item: T) => ReactNode;
}

/**
 * A list as a table in a scrollable region (focusable, so keyboard users can scroll it), both
 * labelled by `label`. `rowHref` makes each row a link; `rowClassName` marks rows such as totals.
 */
export function DataTable<T extends { id: Key }>({ label, columns, items, emptyText, rowHref, rowClassName, className }: {
  label: string;
  columns: DataColumn<T>[];
  items: T[];
  emptyText?: string;
  rowHref?: (item: T) => string;
  rowClassName?: (item: T) => string | undefined;
  className?: string;
}) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <Table aria-label={label} className={className ? `react-aria-Table ${className}` : undefined}>
        <TableHeader>
          {columns.map((column, index) => <Column key={index} isRowHeader={column.isRowHeader}>{column.header}</Column>)}
        </TableHeader>
        <TableBody items={items} dependencies={[columns]} renderEmptyState={emptyText === undefined ? undefined : () => emptyText}>
          {(item) => (
            <Row id={item.id} href={rowHref?.(item)} className={rowClassName?.(item)}>
              {columns.map((column, index) => <Cell key={index}>{column.cell(item)}</Cell>)}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** The line above a list: how many there are once loaded (announced), "loading" until then. */
export function ListCount({ text }: { text?: string }) {
  const t = useT();
  return text === undefined ? <p>{t('app.loading')}</p> : <p role="status" className="count">{text}</p>;
}
