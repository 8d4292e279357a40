/**
 * Uploads still on their way, page-wide: the apply form refuses to submit while any is (the file would be missing
 * from the data sent, without a word).
 */
let pending = 0;

export const uploadsInFlight = {
  begin: () => {
    pending += 1;
  },
  end: () => {
    pending = Math.max(0, pending - 1);
  },
  busy: () => pending > 0,
};
