import { z } from 'zod';
import { minPasswordLength } from './min-password-length';

export const ZSignUpInput = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.'),
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .max(254, 'That email address is too long.')
    .pipe(z.email('Enter a valid email address, like you@company.com.')),
  password: z
    .string()
    .min(minPasswordLength, `Use at least ${minPasswordLength} characters.`)
    .max(1024, 'That password is too long.'),
});

export type SignUpInput = z.infer<typeof ZSignUpInput>;
export type SignUpField = keyof SignUpInput;
