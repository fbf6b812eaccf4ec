import { Button, Form, InputGroup } from 'react-bootstrap';
import {
  DEV_LABELS as L,
  OIDC_AUTH_METHODS,
  OIDC_GRANT_TYPES,
  OIDC_LABELS as O,
} from '@portico/contracts';
import { EditorField, EditorSelect, type Editor } from '../ui/editor';
import { useCopy } from '../ui/use-copy';
import type { ClientDraft, ClientErrors } from './client-form';
import { DurationInput } from './DurationInput';
import type { OidcAuthMethod, OidcGrantType } from './oidc-form';

const AUTH_OPTIONS = OIDC_AUTH_METHODS.map((method) => ({
  value: method,
  label: O.authMethodOption[method],
}));

/** The provider's issuer: the portal's origin (which is PUBLIC_URL) + /oidc (docs/oidc.md). */
export function issuerUrl(): string {
  return `${window.location.origin}/oidc`;
}

/** A value to copy into an application's configuration. */
function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { copied, copy } = useCopy(value);
  return (
    <Form.Group className="mb-2" controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <InputGroup size="sm">
        <Form.Control
          readOnly
          value={value}
          className="font-monospace"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant="outline-secondary"
          aria-label={`${L.copy} ${label}`}
          onClick={() => void copy()}
        >
          {copied ? L.copied : L.copy}
        </Button>
      </InputGroup>
    </Form.Group>
  );
}

interface OidcFieldsProps {
  idPrefix: string;
  editor: Editor<ClientDraft>;
  errors: ClientErrors;
}

/** The client's OpenID Connect settings (docs/oidc.md), below the specification's fields. */
export function OidcFields({ idPrefix, editor, errors }: OidcFieldsProps) {
  const { data, readOnly } = editor;
  const id = (name: string) => `${idPrefix}-oidc-${name}`;
  const issuer = issuerUrl();

  function toggleGrant(grant: OidcGrantType, on: boolean) {
    const next = on
      ? OIDC_GRANT_TYPES.filter((g) => g === grant || data.oidc_grant_types.includes(g))
      : data.oidc_grant_types.filter((g) => g !== grant);
    editor.set('oidc_grant_types', next);
  }

  return (
    <fieldset className="border-top pt-3 mt-2">
      <legend className="h6">{O.section}</legend>
      <p className="small text-body-secondary">{O.intro}</p>
      <div className="row">
        <div className="col-md-6">
          <CopyField id={id('issuer')} label={O.issuer} value={issuer} />
        </div>
        <div className="col-md-6">
          <CopyField
            id={id('discovery')}
            label={O.discovery}
            value={`${issuer}/.well-known/openid-configuration`}
          />
        </div>
        <div className="col-md-6">
          <EditorField
            id={id('redirect-uris')}
            label={O.redirectUris}
            as="textarea"
            value={data.oidc_redirect_uris}
            readOnly={readOnly}
            error={errors.oidc_redirect_uris}
            help={O.oneUriPerLine}
            onChange={(value) => editor.set('oidc_redirect_uris', value)}
          />
        </div>
        <div className="col-md-6">
          <EditorField
            id={id('post-logout-uris')}
            label={O.postLogoutUris}
            as="textarea"
            value={data.oidc_post_logout_redirect_uris}
            readOnly={readOnly}
            error={errors.oidc_post_logout_redirect_uris}
            help={O.oneUriPerLine}
            onChange={(value) => editor.set('oidc_post_logout_redirect_uris', value)}
          />
        </div>
        <div className="col-md-6">
          <fieldset
            className="mb-3"
            aria-describedby={errors.oidc_grant_types ? id('grants-error') : undefined}
          >
            <legend className="form-label fs-6 mb-1">{O.grantTypes}</legend>
            {OIDC_GRANT_TYPES.map((grant) => (
              <Form.Check
                key={grant}
                type="checkbox"
                id={id(`grant-${grant}`)}
                label={O.grantType[grant]}
                checked={data.oidc_grant_types.includes(grant)}
                disabled={readOnly}
                onChange={(event) => toggleGrant(grant, event.target.checked)}
              />
            ))}
            {errors.oidc_grant_types && (
              <div id={id('grants-error')} className="invalid-feedback d-block" role="alert">
                {errors.oidc_grant_types}
              </div>
            )}
          </fieldset>
        </div>
        <div className="col-md-6">
          <EditorSelect
            id={id('auth-method')}
            label={O.authMethod}
            value={data.oidc_auth_method}
            options={AUTH_OPTIONS}
            readOnly={readOnly}
            onChange={(value: OidcAuthMethod) => editor.set('oidc_auth_method', value)}
          />
          {errors.oidc_auth_method && (
            <div className="invalid-feedback d-block mt-n2 mb-2" role="alert">
              {errors.oidc_auth_method}
            </div>
          )}
        </div>
        <div className="col-md-6">
          <EditorField
            id={id('jwks-uri')}
            label={O.jwksUri}
            type="url"
            value={data.oidc_jwks_uri}
            readOnly={readOnly}
            error={errors.oidc_jwks_uri}
            onChange={(value) => editor.set('oidc_jwks_uri', value)}
          />
        </div>
        <div className="col-md-6">
          <EditorField
            id={id('backchannel-uri')}
            label={O.backchannelUri}
            type="url"
            value={data.oidc_backchannel_logout_uri}
            readOnly={readOnly}
            error={errors.oidc_backchannel_logout_uri}
            onChange={(value) => editor.set('oidc_backchannel_logout_uri', value)}
          />
        </div>
        <div className="col-md-6">
          <DurationInput
            id={id('access-ttl')}
            label={O.accessTokenTtl}
            seconds={data.oidc_access_token_ttl}
            readOnly={readOnly}
            error={errors.oidc_access_token_ttl}
            onChange={(seconds) => editor.set('oidc_access_token_ttl', seconds)}
          />
        </div>
        <div className="col-md-6">
          <DurationInput
            id={id('refresh-ttl')}
            label={O.refreshTokenTtl}
            seconds={data.oidc_refresh_token_ttl}
            readOnly={readOnly}
            error={errors.oidc_refresh_token_ttl}
            onChange={(seconds) => editor.set('oidc_refresh_token_ttl', seconds)}
          />
        </div>
        <div className="col-12">
          <Form.Check
            type="switch"
            id={id('fapi2')}
            label={O.fapi2}
            checked={data.oidc_fapi2}
            disabled={readOnly}
            onChange={(event) => editor.set('oidc_fapi2', event.target.checked)}
            className="mb-2"
          />
        </div>
      </div>
    </fieldset>
  );
}
