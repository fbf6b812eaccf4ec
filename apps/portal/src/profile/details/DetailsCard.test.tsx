import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNT_MESSAGES,
  CODES,
  EDITOR_LABELS,
  IMAGE_MAX_DIMENSION,
  PROFILE_TEXTS,
  ROLE_GLOBAL_OWNER,
} from '@portico/contracts';
import { stubApi } from '../../test/fetch-stub';
import { sessionDetails } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DetailsCard } from './DetailsCard';

const T = PROFILE_TEXTS;

describe('the profile details editor', () => {
  it('shows the names read-only until Edit, and Apply only once something changed', async () => {
    const fetchStub = stubApi({});
    renderWithProviders(<DetailsCard details={sessionDetails()} />);
    const dis = screen.getByLabelText(T.displayName);
    expect(dis).toHaveValue('Maria Lopez');
    expect(dis).toHaveAttribute('readonly');
    expect(screen.getByLabelText(T.email)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: T.apply })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: T.edit }));
    expect(dis).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText(T.email)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: T.apply })).toBeDisabled();

    await userEvent.type(screen.getByLabelText(T.firstName), 'na');
    expect(screen.getByRole('button', { name: T.apply })).toBeEnabled();
    // Typing back to the original is not a change.
    await userEvent.type(screen.getByLabelText(T.firstName), '{Backspace}{Backspace}');
    expect(screen.getByRole('button', { name: T.apply })).toBeDisabled();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('Cancel restores the original names and leaves edit mode', async () => {
    stubApi({});
    renderWithProviders(<DetailsCard details={sessionDetails()} />);
    await userEvent.click(screen.getByRole('button', { name: T.edit }));
    await userEvent.clear(screen.getByLabelText(T.lastName));
    await userEvent.type(screen.getByLabelText(T.lastName), 'Other');
    await userEvent.click(screen.getByRole('button', { name: T.cancel }));
    expect(screen.getByLabelText(T.lastName)).toHaveValue('Lopez');
    expect(screen.getByLabelText(T.lastName)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: T.edit })).toBeVisible();
  });

  it('hands the focus to the first name on Edit and back to Edit on Cancel', async () => {
    stubApi({});
    renderWithProviders(<DetailsCard details={sessionDetails()} />);
    await userEvent.click(screen.getByRole('button', { name: T.edit }));
    expect(screen.getByLabelText(T.displayName)).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: T.cancel }));
    expect(screen.getByRole('button', { name: T.edit })).toHaveFocus();
  });

  it('Apply sends user.update and returns to view mode with the new names', async () => {
    const fetchStub = stubApi({
      'POST /v1/user/update': { Code: '200' },
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
    });
    renderWithProviders(<DetailsCard details={sessionDetails()} />);
    await userEvent.click(screen.getByRole('button', { name: T.edit }));
    await userEvent.clear(screen.getByLabelText(T.displayName));
    await userEvent.type(screen.getByLabelText(T.displayName), 'Maria L.');
    await userEvent.click(screen.getByRole('button', { name: T.apply }));
    await waitFor(() => expect(screen.getByLabelText(T.displayName)).toHaveAttribute('readonly'));
    expect(screen.getByLabelText(T.displayName)).toHaveValue('Maria L.');
    expect(await screen.findByText(T.updated)).toBeVisible();
    const [, init] = fetchStub.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      dis: 'Maria L.',
      fname: 'Maria',
      lname: 'Lopez',
    });
  });

  it('refuses an empty display name with the rule of section 5', async () => {
    const fetchStub = stubApi({});
    renderWithProviders(<DetailsCard details={sessionDetails()} />);
    await userEvent.click(screen.getByRole('button', { name: T.edit }));
    await userEvent.clear(screen.getByLabelText(T.displayName));
    await userEvent.click(screen.getByRole('button', { name: T.apply }));
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.displayNameRequired);
    expect(screen.getByLabelText(T.displayName)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('labels the preview with the name of the first role, of any application', () => {
    stubApi({});
    renderWithProviders(
      <DetailsCard
        details={sessionDetails({
          roles: ['loans.officer', ROLE_GLOBAL_OWNER],
          role_names: { 'loans.officer': 'Loan Officer', [ROLE_GLOBAL_OWNER]: 'Owner' },
        })}
      />,
    );
    expect(screen.getByText('Loan Officer')).toBeVisible();
    expect(screen.queryByText('officer')).toBeNull();
  });

  it('shows empty first and last names as the muted dash, and a blank field to edit', async () => {
    stubApi({});
    renderWithProviders(<DetailsCard details={sessionDetails({ fname: '', lname: '' })} />);
    expect(screen.getByLabelText(T.firstName)).toHaveAttribute('placeholder', EDITOR_LABELS.empty);
    expect(screen.getByLabelText(T.lastName)).toHaveAttribute('placeholder', EDITOR_LABELS.empty);
    expect(screen.getByLabelText(T.displayName)).not.toHaveAttribute('placeholder');
    await userEvent.click(screen.getByRole('button', { name: T.edit }));
    expect(screen.getByLabelText(T.firstName)).not.toHaveAttribute('placeholder');
    expect(screen.getByLabelText(T.firstName)).toHaveValue('');
  });

  it('labels the preview with the first role (owner -> Owner)', () => {
    stubApi({});
    renderWithProviders(
      <DetailsCard details={sessionDetails({ roles: [ROLE_GLOBAL_OWNER, 'x.admin'] })} />,
    );
    expect(screen.getByText('Owner')).toBeVisible();
  });
});

describe('the avatar upload', () => {
  it('refuses a file that is not png, gif or jpeg without sending it', async () => {
    const fetchStub = stubApi({});
    renderWithProviders(<DetailsCard details={sessionDetails()} />);
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // applyAccept off: the user may pick "All files" in the chooser.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText(T.avatarLabel), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(T.avatarWrongType);
    expect(screen.getByRole('button', { name: T.avatarChange })).toHaveAccessibleDescription(
      T.avatarWrongType,
    );
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("says why the server refused an image bomb (image_too_large), in the catalogue's words", async () => {
    stubApi({
      'POST /v1/profile/upload': { Code: 'image_too_large', Msg: 'image_too_large' },
    });
    renderWithProviders(<DetailsCard details={sessionDetails()} />);
    const file = new File([new Uint8Array([0x89, 0x50])], 'bomb.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText(T.avatarLabel), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(CODES.image_too_large.text);
    expect(CODES.image_too_large.text).toContain(`${IMAGE_MAX_DIMENSION}x${IMAGE_MAX_DIMENSION}`);
  });

  it('sends a png as profile + fname', async () => {
    const fetchStub = stubApi({
      'POST /v1/profile/upload': { Code: '200', Msg: 'http://portal.test:1234/v1/files/abc' },
      'GET /v1/auth/details': { Code: '200', Msg: sessionDetails() },
    });
    renderWithProviders(<DetailsCard details={sessionDetails()} />);
    const file = new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText(T.avatarLabel), file);
    expect(await screen.findByText(T.avatarUploaded)).toBeVisible();
    const body = fetchStub.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('fname')).toBe('me.png');
    expect((body.get('profile') as File).name).toBe('me.png');
  });
});
