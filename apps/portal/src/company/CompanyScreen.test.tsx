import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADMIN_TOASTS,
  BRANCH_TOASTS,
  CODES,
  FORM_MESSAGES,
  ROLE_GLOBAL_ADMIN,
  ROLE_GLOBAL_OWNER,
  SECOND_FACTOR_TEXTS,
} from '@portico/contracts';
import { sessionDetails } from '../test/fixtures';
import { stubApi } from '../test/fetch-stub';
import { renderAsMember } from '../test/render';
import { CompanyScreen } from './CompanyScreen';

const COMPANY = { id: 'acme', name: 'Acme Bank', img: '', owner: 'Olga Owner' };
const BRANCHES = { branches: [{ id: 'north', name: 'North Branch' }] };

function renderAs(roles: string[]) {
  return renderAsMember(<CompanyScreen />, roles);
}

describe('company screen', () => {
  it("lets the company's admins require a second factor of its members (docs/mfa.md)", async () => {
    let required = false;
    const fetchStub = stubApi({
      'GET /v1/com/details': () => ({
        Code: '200',
        Msg: { ...COMPANY, second_factor_required: required },
      }),
      'GET /v1/branches': { Code: '200', Msg: BRANCHES },
      'POST /v1/com/mfa': () => {
        required = true;
        return { Code: '200', Msg: SECOND_FACTOR_TEXTS.requiredNow };
      },
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
    });
    const user = userEvent.setup();
    renderAs([ROLE_GLOBAL_ADMIN]);
    const security = await screen.findByRole('region', {
      name: SECOND_FACTOR_TEXTS.securityHeading,
    });
    const toggle = within(security).getByRole('switch', {
      name: SECOND_FACTOR_TEXTS.companySwitch,
    });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(SECOND_FACTOR_TEXTS.companyHelp);
    await user.click(toggle);
    expect(await screen.findByText(SECOND_FACTOR_TEXTS.requiredNow)).toBeVisible();
    const sent = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/v1/com/mfa'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ required: true });
    await screen.findByRole('switch', { name: SECOND_FACTOR_TEXTS.companySwitch, checked: true });
  });

  it('shows a member the policy in words, with no switch', async () => {
    stubApi({
      'GET /v1/com/details': { Code: '200', Msg: { ...COMPANY, second_factor_required: true } },
      'GET /v1/branches': { Code: '200', Msg: BRANCHES },
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
    });
    renderAs([]);
    const security = await screen.findByRole('region', {
      name: SECOND_FACTOR_TEXTS.securityHeading,
    });
    expect(within(security).queryByRole('switch')).toBeNull();
    expect(security).toHaveTextContent(
      `${SECOND_FACTOR_TEXTS.companySwitch}: ${SECOND_FACTOR_TEXTS.required}`,
    );
  });

  it('shows the profile and lets a company owner rename it and manage branches', async () => {
    const fetchStub = stubApi({
      'GET /v1/com/details': { Code: '200', Msg: COMPANY },
      'GET /v1/branches': { Code: '200', Msg: BRANCHES },
      'POST /v1/com/update': { Code: '200' },
      'POST /v1/branches/add': { Code: '200' },
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
    });
    const user = userEvent.setup();
    renderAs([ROLE_GLOBAL_OWNER]);

    expect(await screen.findByText('Olga Owner')).toBeVisible();
    expect(screen.getByText('acme')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change image' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Edit Name' }));
    const name = screen.getByLabelText('Name');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Acme Group');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(ADMIN_TOASTS.updated('Acme Group'))).toBeVisible();

    const branches = screen.getByRole('region', { name: 'Branches' });
    expect(await within(branches).findByText('North Branch')).toBeVisible();
    await user.click(within(branches).getByRole('button', { name: 'Add Branch' }));
    expect(within(branches).getAllByText(FORM_MESSAGES.required)).toHaveLength(2);
    await user.type(within(branches).getByLabelText('Branch Id'), 'south');
    await user.type(within(branches).getByLabelText('Branch Name'), 'South Branch');
    await user.click(within(branches).getByRole('button', { name: 'Add Branch' }));
    expect(await screen.findByText(BRANCH_TOASTS.added)).toBeVisible();
    const add = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/v1/branches/add'));
    expect(JSON.parse(String(add?.[1]?.body))).toEqual({
      com: 'acme',
      branchid: 'south',
      name: 'South Branch',
    });
  });

  it('gives the focus back to Edit when the name or a branch editor is cancelled', async () => {
    stubApi({
      'GET /v1/com/details': { Code: '200', Msg: COMPANY },
      'GET /v1/branches': { Code: '200', Msg: BRANCHES },
    });
    const user = userEvent.setup();
    renderAs([ROLE_GLOBAL_OWNER]);
    await user.click(await screen.findByRole('button', { name: 'Edit Name' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Name' })).toHaveFocus();

    await user.click(await screen.findByRole('button', { name: 'Edit North Branch' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit North Branch' })).toHaveFocus();
  });

  it('says when a branch id is taken', async () => {
    stubApi({
      'GET /v1/com/details': { Code: '200', Msg: COMPANY },
      'GET /v1/branches': { Code: '200', Msg: BRANCHES },
      'POST /v1/branches/add': { Code: 'app_enrolled', status: 409 },
    });
    const user = userEvent.setup();
    renderAs([ROLE_GLOBAL_ADMIN]);
    const branches = await screen.findByRole('region', { name: 'Branches' });
    await user.type(await within(branches).findByLabelText('Branch Id'), 'north');
    await user.type(within(branches).getByLabelText('Branch Name'), 'Again');
    await user.click(within(branches).getByRole('button', { name: 'Add Branch' }));
    expect(await within(branches).findByText(FORM_MESSAGES.idTaken)).toBeVisible();
  });

  it('shows a plain member the profile and the branches read-only', async () => {
    stubApi({
      'GET /v1/com/details': { Code: '200', Msg: COMPANY },
      'GET /v1/branches': { Code: '200', Msg: BRANCHES },
    });
    renderAs([]);
    const branches = await screen.findByRole('region', { name: 'Branches' });
    expect(await within(branches).findByText('North Branch')).toBeVisible();
    expect(screen.getByText('Acme Bank')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change image' })).not.toBeInTheDocument();
    expect(within(branches).queryByRole('button')).not.toBeInTheDocument();
    expect(within(branches).queryByLabelText('Branch Id')).not.toBeInTheDocument();
  });

  it('hides the branches section from a plain member while there are none', async () => {
    stubApi({
      'GET /v1/com/details': { Code: '200', Msg: COMPANY },
      'GET /v1/branches': { Code: '200', Msg: { branches: [] } },
    });
    renderAs([]);
    expect(await screen.findByText('Olga Owner')).toBeVisible();
    // The branch list answered (empty) before this assertion is meaningful.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Branches' })).not.toBeInTheDocument();
    expect(screen.queryByText('Branches')).not.toBeInTheDocument();
  });

  it('refuses a file that is not png, gif or jpeg under the image button, without sending it', async () => {
    const fetchStub = stubApi({
      'GET /v1/com/details': { Code: '200', Msg: COMPANY },
      'GET /v1/branches': { Code: '200', Msg: BRANCHES },
    });
    renderAs([ROLE_GLOBAL_OWNER]);
    const button = await screen.findByRole('button', { name: 'Change image' });
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // applyAccept off: the user may pick "All files" in the chooser.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Change image'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(CODES.unsupported_media_type.text);
    expect(button).toHaveAccessibleDescription(CODES.unsupported_media_type.text);
    const sent = fetchStub.mock.calls.map(([url]) => String(url));
    expect(sent.some((url) => url.endsWith('/v1/com/img'))).toBe(false);
  });

  it("says the server's refusal of an uploaded image under the button", async () => {
    stubApi({
      'GET /v1/com/details': { Code: '200', Msg: COMPANY },
      'GET /v1/branches': { Code: '200', Msg: BRANCHES },
      'POST /v1/com/img': { Code: 'unsupported_media_type', status: 415 },
    });
    renderAs([ROLE_GLOBAL_OWNER]);
    await screen.findByRole('button', { name: 'Change image' });
    const file = new File(['not a png'], 'seal.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Change image'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(CODES.unsupported_media_type.text);
  });
});
