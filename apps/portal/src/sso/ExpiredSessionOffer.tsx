import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { continueAs } from '@portico/contracts';
import { Avatar } from '../ui/Avatar';
import { ReauthDialog } from '../session/reauth/ReauthDialog';
import type { ExpiredSession } from './sign-in-state';

export interface ExpiredSessionOfferProps {
  expired: ExpiredSession;
  client: string;
  redirect: string;
  /** The session is live again: the journey auto-logs in on it. */
  onReauthenticated(): Promise<void> | void;
  /** This browser is not the session's device: the device step takes the e-mailed code. */
  onDeviceVerification(otpref: string): void;
}

/**
 * Auto-login found this browser's session idle (section 4 keeps its MFA information): above the
 * login form, the person it belongs to may lift it in place with the re-authentication dialog
 * (passkey or PIN preselected as on the console) instead of typing username and password.
 */
export function ExpiredSessionOffer({
  expired,
  client,
  redirect,
  onReauthenticated,
  onDeviceVerification,
}: ExpiredSessionOfferProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline-primary"
        className="w-100 d-flex align-items-center justify-content-center gap-2 mb-4"
        onClick={() => setOpen(true)}
      >
        <Avatar name={expired.dis} src={expired.avatar} size={28} />
        <span>{continueAs(expired.dis)}</span>
      </Button>
      <ReauthDialog
        show={open}
        person={{ dis: expired.dis, avatar: expired.avatar }}
        flags={expired}
        client={client}
        redirect={redirect}
        onReauthenticated={async () => {
          setOpen(false);
          await onReauthenticated();
        }}
        onDeviceVerification={(otpref) => {
          setOpen(false);
          onDeviceVerification(otpref);
        }}
        onGoToLogin={() => setOpen(false)}
      />
    </>
  );
}
