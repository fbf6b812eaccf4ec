import { Form } from 'react-bootstrap';
import {
  CLIENT_MESSAGES,
  customHashFor,
  DEV_LABELS as L,
  type Platform,
  PLATFORMS,
  SECOND_FACTOR_TEXTS,
} from '@portico/contracts';
import { EditorField, EditorSelect, type Editor } from '../ui/editor';
import type { ClientDraft, ClientErrors } from './client-form';
import { DurationInput } from './DurationInput';

const PLATFORM_OPTIONS = PLATFORMS.map((platform) => ({ value: platform, label: platform }));

interface ClientFieldsProps {
  /** Prefix of the field ids (one editor per client on the page). */
  idPrefix: string;
  editor: Editor<ClientDraft>;
  errors: ClientErrors;
}

/** Every client field of section 3 and 5; the limits exist once the client exists. */
export function ClientFields({ idPrefix, editor, errors }: ClientFieldsProps) {
  const { data, readOnly } = editor;
  const creating = editor.mode === 'create';
  const id = (name: string) => `${idPrefix}-${name}`;

  function setPlatform(platform: Platform) {
    editor.patch({ platform, custom_hash: customHashFor(platform, data.custom_hash) });
  }

  function check(
    name: 'allow_delete' | 'allow_multiple_sessions' | 'custom_hash' | 'second_factor_required',
    label: string,
  ) {
    return (
      <Form.Check
        type="switch"
        id={id(name)}
        label={label}
        checked={data[name]}
        disabled={readOnly}
        onChange={(event) => editor.set(name, event.target.checked)}
        className="mb-2"
      />
    );
  }

  return (
    <div className="row">
      <div className="col-md-6">
        <EditorField
          id={id('desc')}
          label={L.name}
          value={data.desc}
          readOnly={readOnly}
          error={errors.desc}
          onChange={(value) => editor.set('desc', value)}
        />
      </div>
      <div className="col-md-6">
        <EditorSelect
          id={id('platform')}
          label={L.platform}
          value={data.platform}
          options={PLATFORM_OPTIONS}
          readOnly={readOnly}
          onChange={setPlatform}
        />
      </div>
      <div className="col-md-6">
        <EditorField
          id={id('redirect')}
          label={L.redirect}
          type="url"
          value={data.redirect}
          readOnly={readOnly}
          error={errors.redirect}
          help={CLIENT_MESSAGES.redirect}
          onChange={(value) => editor.set('redirect', value)}
        />
      </div>
      <div className="col-md-6">
        <EditorField
          id={id('domain')}
          label={L.domain}
          value={data.domain}
          readOnly={readOnly}
          error={errors.domain}
          onChange={(value) => editor.set('domain', value)}
        />
      </div>
      <div className="col-md-6">
        <DurationInput
          id={id('activity')}
          label={L.activityTimeout}
          seconds={data.session_activity_timeout}
          readOnly={readOnly}
          error={errors.session_activity_timeout}
          onChange={(seconds) => editor.set('session_activity_timeout', seconds)}
        />
      </div>
      <div className="col-md-6">
        <DurationInput
          id={id('ttl')}
          label={L.sessionTtl}
          seconds={data.session_ttl}
          readOnly={readOnly}
          error={errors.session_ttl}
          onChange={(seconds) => editor.set('session_ttl', seconds)}
        />
      </div>
      {!creating && (
        <>
          <div className="col-6">
            <EditorField
              id={id('device-limit')}
              label={L.deviceLimit}
              value={data.device_limit}
              readOnly={readOnly}
              error={errors.device_limit}
              onChange={(value) => editor.set('device_limit', value)}
            />
          </div>
          <div className="col-6">
            <EditorField
              id={id('retry-limit')}
              label={L.loginRetryLimit}
              value={data.login_retry_limit}
              readOnly={readOnly}
              error={errors.login_retry_limit}
              onChange={(value) => editor.set('login_retry_limit', value)}
            />
          </div>
        </>
      )}
      <div className="col-12">
        {/* Custom hashing is for non-Web clients only (section 3). */}
        {data.platform !== 'Web' && check('custom_hash', L.customHash)}
        {check('allow_delete', L.allowDelete)}
        {check('allow_multiple_sessions', L.allowMultiple)}
        {check('second_factor_required', SECOND_FACTOR_TEXTS.clientSwitch)}
      </div>
    </div>
  );
}
