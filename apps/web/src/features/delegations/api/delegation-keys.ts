/** React-query keys of delegations; every delegation query starts with ['entrust']. */
export const delegationKeys = {
  all: ['entrust'] as const,
  given: (userId: string) => ['entrust', 'given', userId] as const,
  received: (userId: string) => ['entrust', 'received', userId] as const,
};
