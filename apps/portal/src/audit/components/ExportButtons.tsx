import { useState } from 'react';
import { Alert, Button, ButtonGroup } from 'react-bootstrap';
import { AUDIT_TEXTS as T, CODES, calls, type AuditFilter } from '@portico/contracts';
import { useApi } from '../../api/context';

type Format = 'csv' | 'jsonl';

/** Hands a downloaded file to the browser to save, under the name the server gave it. */
function save(file: Blob, filename: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The refusals that say what to do (narrow the filter, wait); any other is the generic text. */
const EXPLAINED = ['export_too_large', 'export_rate_limited'] as const;
const explained = (code: string): code is (typeof EXPLAINED)[number] =>
  (EXPLAINED as readonly string[]).includes(code);

/** Export of the applied filter, as CSV or JSON lines, with the server's refusal shown. */
export function ExportButtons({ filter }: { filter: AuditFilter }) {
  const api = useApi();
  const [busy, setBusy] = useState<Format | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function exportAs(format: Format) {
    setBusy(format);
    setFailure(null);
    try {
      const answer = await api.download(calls.audit.exportEvents, { ...filter, format });
      if (answer.Code === '200') save(answer.file, answer.filename);
      else {
        setFailure(explained(answer.Code) ? CODES[answer.Code].text : T.exportFailed);
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="d-flex flex-column gap-2 align-items-start">
      <ButtonGroup size="sm" aria-label={T.export}>
        <Button variant="outline-primary" disabled={busy !== null} onClick={() => exportAs('csv')}>
          {T.exportCsv}
        </Button>
        <Button
          variant="outline-primary"
          disabled={busy !== null}
          onClick={() => exportAs('jsonl')}
        >
          {T.exportJsonl}
        </Button>
      </ButtonGroup>
      {failure && (
        <Alert variant="danger" className="mb-0 py-2 small" role="alert">
          {failure}
        </Alert>
      )}
    </div>
  );
}
