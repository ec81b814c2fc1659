import { z } from 'zod';

export const ZSignInInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .max(254, 'That email address is too long.')
    .pipe(z.email('Enter a valid email address, like you@company.com.')),
  password: z.string().min(1, 'Enter your password.').max(1024, 'That password is too long.'),
});

export type SignInInput = z.infer<typeof ZSignInInput>;
export type SignInField = keyof SignInInput;
