import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField, type TextFieldProps } from 'react-aria-components';

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
