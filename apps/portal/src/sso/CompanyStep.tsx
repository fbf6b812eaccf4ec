import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { SIGN_IN_TEXTS } from '@portico/contracts';
import type { Company } from './sign-in-state';

export interface CompanyStepProps {
  companies: Company[];
  sending: boolean;
  message: string | undefined;
  onChoose(com: string): void;
}

/** Several companies: a dropdown and Continue. One company: chosen at once (section 2). */
export function CompanyStep({ companies, sending, message, onChoose }: CompanyStepProps) {
  const [com, setCom] = useState(companies[0]?.id ?? '');
  const only = companies.length === 1 ? companies[0] : undefined;
  const chosenAlone = useRef(false);

  useEffect(() => {
    if (!only || chosenAlone.current) return;
    chosenAlone.current = true;
    onChoose(only.id);
  }, [only, onChoose]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (com && !sending) onChoose(com);
  }

  if (only) {
    return (
      <div className="text-center" role="status">
        <h1 className="h4 fw-semibold mb-3">{only.name}</h1>
        {message ? (
          <>
            <Alert variant="danger" className="py-2 small" role="alert">
              {message}
            </Alert>
            {/* A failure in place (the network) would otherwise leave no way forward. */}
            <Button className="w-100" disabled={sending} onClick={() => onChoose(only.id)}>
              {SIGN_IN_TEXTS.continue}
            </Button>
          </>
        ) : (
          <Spinner animation="border" size="sm" aria-hidden="true" />
        )}
      </div>
    );
  }

  return (
    <>
      <h1 className="h4 fw-semibold text-center mb-4">{SIGN_IN_TEXTS.companyTitle}</h1>
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="sign-in-company">
          <Form.Label>{SIGN_IN_TEXTS.companyLabel}</Form.Label>
          <Form.Select value={com} autoFocus onChange={(event) => setCom(event.target.value)}>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {message && (
          <Alert variant="danger" className="py-2 small" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" className="w-100" disabled={!com || sending}>
          {SIGN_IN_TEXTS.continue}
        </Button>
      </Form>
    </>
  );
}
