import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { SUCCESS_CODE, calls, encodeBase64 } from '@portico/contracts';
import { useApi } from '../api/context';
import type { Answer } from '../api/client';
import { deviceId } from './device-id';
import { initialSignInState, signInReducer, type SignInState, type Source } from './sign-in-state';
import { deviceOtpRefOf, type SsoParams } from './sso-params';

/**
 * The journey starts at the device step when another screen already sent the code; otherwise
 * it starts auto-logging when auto-login will be tried, so the login form does not show for a
 * moment before a live session signs the person in.
 */
function startingState({
  deviceOtpRef,
  autologin,
}: {
  deviceOtpRef: string | undefined;
  autologin: boolean;
}): SignInState {
  if (!deviceOtpRef)
    return autologin ? { ...initialSignInState, autologging: true } : initialSignInState;
  return signInReducer(initialSignInState, {
    type: 'failed',
    source: 'reauth',
    code: 'device_add',
    msg: { otpref: deviceOtpRef },
  });
}

/**
 * The sign-in journey's calls and state (section 4): auto-login once, sign-in, device
 * verification, the PIN or passkey confirmation, the company choice. Each answer becomes one
 * event of `signInReducer`, so the rules live in one pure function.
 */
export function useSignIn({ client, redir, fresh }: SsoParams) {
  const api = useApi();
  const handedOver = deviceOtpRefOf(useLocation().state);
  const [state, dispatch] = useReducer(
    signInReducer,
    { deviceOtpRef: handedOver, autologin: handedOver === undefined && !fresh },
    startingState,
  );
  // With a device verification handed over there is no session to auto-login with; a fresh
  // sign-in asked for must not use it.
  const autologinTried = useRef(handedOver !== undefined || fresh);

  const settle = useCallback(
    <
      C extends
        typeof calls.auth.signIn | typeof calls.auth.autologin | typeof calls.devices.verify,
    >(
      source: Source,
      answer: Answer<C>,
      onSuccess: (msg: Extract<Answer<C>, { Code: '200' }>['Msg']) => void,
    ) => {
      if (answer.Code === SUCCESS_CODE) onSuccess(answer.Msg);
      else dispatch({ type: 'failed', source, code: answer.Code, msg: answer.Msg });
    },
    [],
  );

  const autologin = useCallback(async () => {
    dispatch({ type: 'started', autologin: true });
    const answer = await api.callApi(calls.auth.autologin, { client, redirect: redir });
    settle('autologin', answer, (login) => dispatch({ type: 'signedIn', login }));
  }, [api, client, redir, settle]);

  // Auto-login runs once, and only when not signed in or already trying (section 4).
  useEffect(() => {
    if (autologinTried.current) return;
    autologinTried.current = true;
    void autologin();
  }, [autologin]);

  /** An expired session lifted in place: auto-login again, now on the live session. */
  const reauthenticated = useCallback(() => autologin(), [autologin]);

  /** A re-authentication that answered device_add: the device step takes the code. */
  const deviceVerificationStarted = useCallback((otpref: string) => {
    dispatch({ type: 'failed', source: 'reauth', code: 'device_add', msg: { otpref } });
  }, []);

  const signIn = useCallback(
    async (username: string, password: string) => {
      dispatch({ type: 'started' });
      const answer = await api.callApi(calls.auth.signIn, {
        uname: encodeBase64(username),
        pass: encodeBase64(password),
        client,
        redirect: redir,
        dcd: deviceId(),
      });
      settle('signIn', answer, (login) => dispatch({ type: 'signedIn', login }));
      return answer.Code;
    },
    [api, client, redir, settle],
  );

  const verifyDevice = useCallback(
    async (otp: string) => {
      dispatch({ type: 'started' });
      const answer = await api.callApi(calls.devices.verify, {
        refid: state.deviceOtpRef,
        otp: otp.trim(),
      });
      settle('verify', answer, (login) => dispatch({ type: 'deviceVerified', login }));
    },
    [api, settle, state.deviceOtpRef],
  );

  const continueAfterDevice = useCallback(() => dispatch({ type: 'continueAfterDevice' }), []);

  /** Sends an already-obtained confirmation answer (see ConfirmStep) into the journey. */
  const confirmed = useCallback((answer: { Code: string; Msg: unknown }) => {
    if (answer.Code === SUCCESS_CODE) dispatch({ type: 'confirmed' });
    else dispatch({ type: 'failed', source: 'confirm', code: answer.Code, msg: answer.Msg });
  }, []);

  const chooseCompany = useCallback(
    async (com: string) => {
      dispatch({ type: 'started' });
      const answer = await api.callApi(calls.auth.chooseCompany, { com, client });
      if (answer.Code === SUCCESS_CODE) dispatch({ type: 'chose', choice: answer.Msg });
      else dispatch({ type: 'failed', source: 'choose', code: answer.Code, msg: answer.Msg });
    },
    [api, client],
  );

  const secondFactorSet = useCallback(() => dispatch({ type: 'secondFactorSet' }), []);
  const deny = useCallback(() => dispatch({ type: 'denied' }), []);
  const restart = useCallback(() => dispatch({ type: 'restart' }), []);
  const startConfirming = useCallback(() => dispatch({ type: 'started' }), []);

  return {
    state,
    signIn,
    reauthenticated,
    deviceVerificationStarted,
    verifyDevice,
    continueAfterDevice,
    startConfirming,
    confirmed,
    chooseCompany,
    secondFactorSet,
    deny,
    restart,
  };
}
