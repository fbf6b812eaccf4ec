import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import {
  ADMIN_TOASTS,
  SUCCESS_CODE,
  WHITELIST_TEXTS,
  calls,
  ipAddressRule,
  messageFor,
  whitelistDescriptionRule,
} from '@portico/contracts';
import { useApi } from '../api/context';
import { SubmitButton } from '../ui/form/SubmitButton';
import { TextField } from '../ui/form/TextField';
import { useFormFields } from '../ui/form/use-form-fields';
import { useToasts } from '../ui/toasts-context';

/**
 * Whitelists an IP: dotted IPv4 or full eight-group IPv6, else "Invalid IP address format"
 * (section 5); the description is optional. The server's refusal shows on the IP field.
 */
export function AddWhitelistForm({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const api = useApi();
  const toasts = useToasts();
  const form = useFormFields({
    initial: { ip: '', description: '' },
    rules: { ip: ipAddressRule, description: whitelistDescriptionRule },
  });
  const [ipError, setIpError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIpError(undefined);
    if (!form.validateAll()) return;
    const ip = form.values.ip.trim();
    const description = form.values.description.trim();
    setBusy(true);
    const answer = await api.callApi(calls.ipLists.addWhitelist, {
      ip,
      ...(description ? { description } : {}),
    });
    setBusy(false);
    if (answer.Code === SUCCESS_CODE) {
      toasts.show({ Title: ip, Msg: ADMIN_TOASTS.added, Type: 'success' });
      await onAdded();
      return;
    }
    setIpError(messageFor(answer.Code, 'whitelist'));
  }

  const ipField = form.bind('ip');
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id="whitelist-ip"
        label={WHITELIST_TEXTS.ip}
        autoComplete="off"
        spellCheck={false}
        field={{
          ...ipField,
          error: ipField.error ?? ipError,
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            setIpError(undefined);
            ipField.onChange(event);
          },
        }}
      />
      <TextField
        id="whitelist-description"
        label={WHITELIST_TEXTS.description}
        field={form.bind('description')}
      />
      <SubmitButton busy={busy}>{WHITELIST_TEXTS.add}</SubmitButton>
    </Form>
  );
}
