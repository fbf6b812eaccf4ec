import {
  confirmPasswordRule,
  displayNameRule,
  passwordRuleWith,
  phoneRule,
  registerFormSchemaWith,
  usernameRule,
} from '@portico/contracts';
import { usePasswordMax } from '../password/password-policy';
import { useFormFields } from '../ui/form/use-form-fields';

export type RegisterField = 'displayName' | 'mobile' | 'uname' | 'pass' | 'confirm';

/** The registration fields with the rules of section 5 (all of them from contracts). */
export function useRegisterForm() {
  const passwordMax = usePasswordMax();
  return useFormFields<RegisterField>({
    initial: { displayName: '', mobile: '', uname: '', pass: '', confirm: '' },
    rules: {
      displayName: displayNameRule,
      mobile: phoneRule,
      uname: usernameRule,
      pass: passwordRuleWith(passwordMax),
      confirm: (values) => confirmPasswordRule(values.pass),
    },
    schema: registerFormSchemaWith(passwordMax),
  });
}

export type RegisterForm = ReturnType<typeof useRegisterForm>;
