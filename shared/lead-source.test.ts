import { describe, expect, it } from 'vitest';
import { channelOf, leadSourceInput, type LeadSourceInput } from './lead-source.js';

const source = (values: Partial<LeadSourceInput>): LeadSourceInput => ({
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer: null,
  landing_page: null,
  form_page: null,
  ...values,
});

describe('where a lead came from', () => {
  it('sums a visit up to its channel: campaign tags first, then the site that linked to it', () => {
    expect(channelOf(source({ utm_source: 'facebook', utm_medium: 'cpc' }))).toBe('PAID');
    expect(channelOf(source({ utm_source: 'google', utm_medium: 'paid_search' }))).toBe('PAID');
    expect(channelOf(source({ utm_source: 'mailchimp', utm_medium: 'email' }))).toBe('EMAIL');
    expect(channelOf(source({ utm_medium: 'newsletter' }))).toBe('EMAIL');
    expect(channelOf(source({ utm_source: 'instagram' }))).toBe('SOCIAL');
    expect(channelOf(source({ utm_source: 'partner', utm_medium: 'social' }))).toBe('SOCIAL');
    expect(channelOf(source({ utm_source: 'bing' }))).toBe('SEARCH');
    expect(channelOf(source({ utm_campaign: 'open-day', utm_source: 'poster' }))).toBe('CAMPAIGN');
    // Untagged: the linking site says it.
    expect(channelOf(source({ referrer: 'www.google.com.np' }))).toBe('SEARCH');
    expect(channelOf(source({ referrer: 'l.facebook.com' }))).toBe('SOCIAL');
    expect(channelOf(source({ referrer: 't.co' }))).toBe('SOCIAL');
    expect(channelOf(source({ referrer: 'www.idp.com' }))).toBe('REFERRAL');
    // A host merely containing a network's name is not it.
    expect(channelOf(source({ referrer: 'notgoogle.example.org' }))).toBe('REFERRAL');
    expect(channelOf(source({ landing_page: '/' }))).toBe('DIRECT');
    expect(channelOf(null)).toBe('DIRECT');
  });

  it('keeps what a visitor may send in its shape, and drops the rest rather than refusing the form', () => {
    expect(
      leadSourceInput.parse({
        utm_source: ' Facebook ',
        utm_medium: 'Paid_Social',
        utm_campaign: 'Canada-Jan',
        referrer: 'www.Google.com',
        landing_page: '/study-abroad/canada',
        form_page: '/contact-us',
      }),
    ).toEqual({
      utm_source: 'facebook',
      utm_medium: 'paid_social',
      utm_campaign: 'canada-jan',
      referrer: 'www.google.com',
      landing_page: '/study-abroad/canada',
      form_page: '/contact-us',
    });
    expect(
      leadSourceInput.parse({
        utm_source: 'x'.repeat(101),
        utm_medium: '<script>',
        utm_campaign: 42,
        // An address, not a host: it may say who the visitor is.
        referrer: 'https://mail.example.com/inbox?user=priya',
        landing_page: '/contact-us?email=priya@example.com',
        form_page: 'javascript:alert(1)',
      }),
    ).toEqual(source({}));
    expect(leadSourceInput.parse('from facebook')).toBeNull();
    expect(leadSourceInput.parse(undefined)).toBeNull();
  });
});
