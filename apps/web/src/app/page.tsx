import { redirect } from 'next/navigation';

export default function HomePage(): never {
  // Until sessions exist (a later issue) everyone starts at sign-in.
  redirect('/sign-in');
}
