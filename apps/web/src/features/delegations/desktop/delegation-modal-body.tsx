import { CreateDelegationForm } from './create-delegation-form.tsx';
import { DelegationTabs } from './delegation-tabs.tsx';

/** What the delegation modal shows; its own chunk, so the header does not load form, table and tabs on every page. */
export default function DelegationModalBody() {
  return (
    <>
      <CreateDelegationForm />
      <DelegationTabs />
    </>
  );
}
