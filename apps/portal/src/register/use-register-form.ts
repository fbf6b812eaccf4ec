import {
  confirmPasswordRule,
  displayNameRule,
  passwordRule,
  phoneRule,
  registerFormSchema,
  usernameRule,
} from '@portico/contracts';
import { useFormFields } from '../ui/form/use-form-fields';

export type RegisterField = 'displayName' | 'mobile' | 'uname' | 'pass' | 'confirm';

/** The registration fields with the rules of section 5 (all of them from contracts). */
export function useRegisterForm() {
  return useFormFields<RegisterField>({
    initial: { displayName: '', mobile: '', uname: '', pass: '', confirm: '' },
    rules: {
      displayName: displayNameRule,
      mobile: phoneRule,
      uname: usernameRule,
      pass: passwordRule,
      confirm: (values) => confirmPasswordRule(values.pass),
    },
    schema: registerFormSchema,
  });
}

export type RegisterForm = ReturnType<typeof useRegisterForm>;
