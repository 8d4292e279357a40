export { useAuth } from '../../lib/auth/use-auth.ts';
