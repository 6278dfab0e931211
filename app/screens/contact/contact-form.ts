/**
 * The contact form's hidden field that people never see nor fill (it is off screen and out of the tab order, its
 * label says to leave it empty): a post with it filled comes from a script, and is thanked and dropped.
 */
export const CONTACT_HONEYPOT = "website";
