import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { dropEdits, keepEdits } from '../../src/renderer/src/components/form/reset-options';

// A settings form follows the values the core reports but for the fields being edited; once saved, or on Reset,
// the edits go. react-hook-form applies a form's resetOptions to reset() too: without dropEdits an edited field
// would keep what was typed (a channel token would stay in its field after Connect).

function editedForm() {
  const { control, formControl } = createFormControl({ defaultValues: { url: '', token: '' }, resetOptions: keepEdits });
  control.register('url');
  control.register('token');
  formControl.setValue('token', 'wir_typed', { shouldDirty: true });
  return formControl;
}

describe('a form that keeps the edits while its values change', () => {
  it('keeps an edited field when the values it follows change', () => {
    const form = editedForm();
    form.reset({ url: 'https://relay.example.com', token: '' });
    expect(form.getValues()).toEqual({ url: 'https://relay.example.com', token: 'wir_typed' });
  });

  it('drops the edits on a reset that says so', () => {
    const form = editedForm();
    form.reset({ url: 'https://relay.example.com', token: '' }, dropEdits);
    expect(form.getValues()).toEqual({ url: 'https://relay.example.com', token: '' });
  });
});
