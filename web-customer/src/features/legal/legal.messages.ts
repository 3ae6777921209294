/** The policy pages' and dialogs' own words; they load with the policies' chunk. */
export const legalMessages = {
  close: 'Close',
  lastUpdated: 'Last updated',
} as const;
