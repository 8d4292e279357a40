export { useAuth } from '../../lib/use-auth.ts';
