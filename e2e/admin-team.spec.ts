import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAdminScreen, chooseCountry, expectToast, png } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { visitorPage } from './support/site.js';
import { graphql, staffSession, type StaffSession } from './support/staff.js';

interface ListedMember {
  id: number;
  name: string;
  position: string;
  countries: { name: string }[];
  teamsCountriesCertifications: { certificate_code: string; countries_certifications: { certificate_name: string } }[];
}

/**
 * About Us → Team (members shared between countries, with a certificate per country) and Home → Services (one
 * country's list): add with an uploaded image, edit, remove or delete, and see each change on the public site.
 */
describe('staff area: team and home services', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;
  let screen: StaffSession['screen'];
  let token: string;
  let countries: Map<string, number>;

  const teamMember = async (name: string) =>
    (
      await graphql<{ getAllTeams: { data: ListedMember[] } }>(
        app,
        token,
        `
          query {
            getAllTeams(paginate: { page: 1, perPage: 100 }) {
              data {
                id
                name
                position
                countries {
                  name
                }
                teamsCountriesCertifications {
                  certificate_code
                  countries_certifications {
                    certificate_name
                  }
                }
              }
            }
          }
        `,
      )
    ).getAllTeams.data.find((member) => member.name === name);
  const servicesOf = async (country: string) =>
    (
      await graphql<{ getHomeServices: { title: string; description: string }[] }>(
        app,
        token,
        'query($country: Int!) { getHomeServices(country_id: $country) { title description } }',
        { country: countries.get(country)! },
      )
    ).getHomeServices;
  const publicPage = (path: string, country: string) => visitorPage(app, countries.get(country)!, path);

  beforeAll(async () => {
    ({ app, page, token, countries, screen } = await session.start());
  });
  afterAll(() => session.close());

  describe('About Us → Team', () => {
    it('lists the members of every country with their countries and certificates', async () => {
      await page.goto(`${app.url}/admin/aboutUs/team`);
      await page.getByRole('columnheader', { name: 'Certificates' }).waitFor();
      // A row with actions: the list has loaded (the loading row is a table row too).
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .waitFor();
      await checkAdminScreen(page, 'team');
    });

    it('adds a member with a new photo to Nepal and Canada, with a certificate for Nepal', async () => {
      const form = await screen.openForm('Add Team Member', 'Add Team Member');
      const { dialog, save } = form;
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Ramesh Adhikari');
      await dialog.getByRole('textbox', { name: 'Position' }).fill('Visa Counsellor');
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Ramesh guides families through visa files.');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('ramesh@example.com');
      await form.uploadPicture('ramesh.png', await png('#aa6633'));
      await form.chooseMany(['Nepal', 'Canada']);
      // Canada has no certificates to record; Nepal has ECAN.
      await dialog.getByRole('combobox', { name: 'Certificate in Nepal' }).click();
      await page.getByRole('option', { name: 'ECAN', exact: true }).click();
      await expect(dialog.getByRole('combobox', { name: 'Certificate in Canada' }).count()).resolves.toBe(0);
      const code = dialog.getByRole('textbox', { name: 'Certificate code in Nepal' });
      await code.focus();
      await code.blur();
      await dialog.getByText('Certificate code is required').waitFor();
      await expect(save.isDisabled()).resolves.toBe(true);
      await code.fill('ECAN-2042');
      await form.saveWith('Successfully Added!', 'team-add');
      await page.getByRole('cell', { name: 'Ramesh Adhikari', exact: true }).waitFor();

      const stored = await teamMember('Ramesh Adhikari');
      expect(stored?.countries.map((c) => c.name).sort()).toEqual(['Canada', 'Nepal']);
      expect(stored?.teamsCountriesCertifications).toEqual([
        { certificate_code: 'ECAN-2042', countries_certifications: { certificate_name: 'ECAN' } },
      ]);
      const nepal = await publicPage('/about-us', 'Nepal');
      expect(nepal).toContain('Ramesh Adhikari');
      expect(nepal).toContain('ECAN ECAN-2042');
      const canada = await publicPage('/about-us', 'Canada');
      expect(canada).toContain('Ramesh Adhikari');
      // The certificate is Nepal's: Canada's site does not show it.
      expect(canada).not.toContain('ECAN-2042');
    });

    it('edits the position, keeping the certificate', async () => {
      const form = await screen.openForm('Edit Ramesh Adhikari', 'Edit Team Member');
      const { dialog } = form;
      await expect(dialog.getByRole('textbox', { name: 'Certificate code in Nepal' }).inputValue()).resolves.toBe(
        'ECAN-2042',
      );
      await dialog.getByRole('textbox', { name: 'Position' }).fill('Head of Counselling');
      await form.saveWith('Successfully Updated!');
      await page.getByRole('cell', { name: 'Head of Counselling', exact: true }).waitFor();

      const stored = await teamMember('Ramesh Adhikari');
      expect(stored?.position).toBe('Head of Counselling');
      expect(stored?.teamsCountriesCertifications.map((c) => c.certificate_code)).toEqual(['ECAN-2042']);
      expect(await publicPage('/about-us', 'Nepal')).toContain('Head of Counselling');
    });

    it('changes the certificate code; a certificate changed elsewhere meanwhile is caught, and kept unless saved again', async () => {
      const form = await screen.openForm('Edit Ramesh Adhikari', 'Edit Team Member');
      const { dialog } = form;
      await dialog.getByRole('textbox', { name: 'Certificate code in Nepal' }).fill('ECAN-2043');
      // A colleague changes the code while the form is open.
      const member = (await teamMember('Ramesh Adhikari'))!;
      const { getCountryCertificates } = await graphql<{
        getCountryCertificates: { id: number; certificate_name: string }[];
      }>(
        app,
        token,
        'query($countries: [Int!]!) { getCountryCertificates(country_ids: $countries) { id certificate_name } }',
        {
          countries: [countries.get('Nepal')!],
        },
      );
      const ecan = getCountryCertificates.find((c) => c.certificate_name === 'ECAN')!;
      await graphql(app, token, 'mutation($input: UpdateTeamInput!) { updateTeam(input: $input) { message } }', {
        input: {
          id: member.id,
          certifications: [{ country_certificate_id: ecan.id, certificate_code: 'ECAN-9999' }],
        },
      });
      const codes = async () =>
        (await teamMember('Ramesh Adhikari'))?.teamsCountriesCertifications.map((c) => c.certificate_code);

      await form.save.click();
      await dialog
        .getByRole('alert')
        .getByText('This was changed since you opened the form. Save again to keep yours.')
        .waitFor();
      expect(await codes()).toEqual(['ECAN-9999']);
      await form.saveWith('Successfully Updated!');
      expect(await codes()).toEqual(['ECAN-2043']);
    });

    it('deleting the member in Nepal offers "Remove from Nepal", which leaves them in Canada', async () => {
      await chooseCountry(page, 'Nepal');
      const shared = await screen.deleteShared('Ramesh Adhikari', /It is shown in Nepal and Canada/);
      await shared.getByRole('button', { name: 'Remove from Nepal' }).click();
      await expectToast(page, 'Successfully Removed!');
      await screen.expectNoCell('Ramesh Adhikari');

      const stored = await teamMember('Ramesh Adhikari');
      expect(stored?.countries.map((c) => c.name)).toEqual(['Canada']);
      // Nepal's certificate went with Nepal.
      expect(stored?.teamsCountriesCertifications).toEqual([]);
      expect(await publicPage('/about-us', 'Nepal')).not.toContain('Ramesh Adhikari');
      expect(await publicPage('/about-us', 'Canada')).toContain('Ramesh Adhikari');
    });

    it('adds the member to another country, then "Delete everywhere" removes them', async () => {
      await chooseCountry(page, 'Canada');
      // Canada already has the member, so it is not offered.
      await screen.addToAnother('Ramesh Adhikari', { country: 'Australia', notOffered: 'Canada' });
      expect((await teamMember('Ramesh Adhikari'))?.countries.map((c) => c.name).sort()).toEqual([
        'Australia',
        'Canada',
      ]);

      const shared = await screen.deleteShared('Ramesh Adhikari', /It is shown in Canada and Australia/);
      await shared.getByRole('button', { name: 'Delete everywhere' }).click();
      await expectToast(page, 'Successfully Deleted!');
      await screen.expectNoCell('Ramesh Adhikari');
      expect(await teamMember('Ramesh Adhikari')).toBeUndefined();
      expect(await publicPage('/about-us', 'Canada')).not.toContain('Ramesh Adhikari');
      expect(await publicPage('/about-us', 'Australia')).not.toContain('Ramesh Adhikari');
    });
  });

  describe('Home → Services', () => {
    it('lists a country’s services', async () => {
      await page.goto(`${app.url}/admin/home/services`);
      await chooseCountry(page, 'Nepal');
      await page
        .getByRole('table', { name: 'Services of Nepal' })
        .getByRole('button', { name: /^Edit / })
        .first()
        .waitFor();
      await checkAdminScreen(page, 'home-services');
    });

    it('adds a service with a new image to Nepal, shown on Nepal’s home page', async () => {
      const form = await screen.openForm('Add Service', 'Add Service');
      const { dialog } = form;
      await expect(dialog.getByRole('textbox', { name: 'Country' }).inputValue()).resolves.toBe('Nepal');
      await dialog.getByRole('textbox', { name: 'Title' }).fill('Career Counselling Sessions');
      await dialog.getByRole('textbox', { name: 'Description' }).fill('One-to-one planning for your next course.');
      await form.uploadPicture('career.png', await png('#338866'));
      await form.saveWith('Successfully Added!', 'home-services-add');
      await page.getByRole('cell', { name: 'Career Counselling Sessions', exact: true }).waitFor();

      expect((await servicesOf('Nepal')).map((s) => s.title)).toContain('Career Counselling Sessions');
      expect((await servicesOf('Canada')).map((s) => s.title)).not.toContain('Career Counselling Sessions');
      const nepal = await publicPage('/', 'Nepal');
      expect(nepal).toContain('Career Counselling Sessions');
      expect(nepal).toContain('One-to-one planning for your next course.');
      expect(await publicPage('/', 'Canada')).not.toContain('Career Counselling Sessions');
    });

    it('edits its title', async () => {
      const form = await screen.openForm('Edit Career Counselling Sessions', 'Edit Service');
      const title = form.dialog.getByRole('textbox', { name: 'Title' });
      await form.expectFieldMessage(title, '', 'Title is required');
      await title.fill('Career Guidance Workshops');
      await form.saveWith('Successfully Updated!');
      await page.getByRole('cell', { name: 'Career Guidance Workshops', exact: true }).waitFor();

      expect((await servicesOf('Nepal')).map((s) => s.title)).toContain('Career Guidance Workshops');
      const nepal = await publicPage('/', 'Nepal');
      expect(nepal).toContain('Career Guidance Workshops');
      expect(nepal).not.toContain('Career Counselling Sessions');
    });

    it('deletes it after "Do you want to delete ?", and it is gone from the public page', async () => {
      await page.getByRole('button', { name: 'Delete Career Guidance Workshops' }).click();
      const confirm = page.getByRole('dialog', { name: 'Do you want to delete ?' });
      await confirm.getByText(/Delete the service "Career Guidance Workshops"/).waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Successfully Deleted!');
      await screen.expectNoCell('Career Guidance Workshops');

      expect((await servicesOf('Nepal')).map((s) => s.title)).not.toContain('Career Guidance Workshops');
      expect(await publicPage('/', 'Nepal')).not.toContain('Career Guidance Workshops');
    });
  });
});
