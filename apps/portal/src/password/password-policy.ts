import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MAX_DEFAULT, SUCCESS_CODE, calls } from '@portico/contracts';
import { useApi } from '../api/context';

/**
 * The longest new password the server accepts (the operator's PASSWORD_MAX_LENGTH), so the
 * registration and reset forms check what the server will check. Until the policy is known,
 * the default maximum; the server checks again either way (and keeps the blocklist to itself).
 */
export function usePasswordMax(): number {
  const api = useApi();
  const policy = useQuery({
    queryKey: ['password-policy'],
    queryFn: ({ signal }) => api.callApi(calls.password.policy, {}, { signal }),
    staleTime: Infinity,
  });
  return policy.data?.Code === SUCCESS_CODE ? policy.data.Msg.max : PASSWORD_MAX_DEFAULT;
}
