/**
 * /legal/privacy: the company's Privacy Policy, fixed text (002 §2.15). Last updated 21 November 2023,
 * revised together with the Cookies Policy (docs/decisions/account.md "Legal pages").
 */
import { Link } from 'react-router';
import { LegalDocument, LegalTable } from '../components/LegalDocument';
import { paths } from '../../../lib/paths';

export default function WebsitePrivacyPage() {
  return (
    <LegalDocument title="Privacy Policy" updated={{ iso: '2023-11-21', label: '21 November 2023' }}>
      <p>
        This policy explains how Wayguard Ltd collects and uses personal data when you use the Wayguard websites and the
        Wayguard Console, when you contact our support team and when your organisation uses our web filtering,
        parental-control and device-safety services. We are committed to protecting your privacy and to handling
        personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
      </p>

      <h2>1. Who we are</h2>
      <p>
        Wayguard Ltd (“Wayguard”, “we”, “us”) is a company registered in England and Wales with its registered office in
        Manchester, United Kingdom. We are registered with the Information Commissioner’s Office (ICO) as a data
        controller.
      </p>
      <p>
        Our data protection lead can be contacted at{' '}
        <a href="mailto:privacy@wayguard.example">privacy@wayguard.example</a>.
      </p>

      <h2>2. Our two roles</h2>
      <ul>
        <li>
          <strong>Controller.</strong> We decide how to use the personal data of the people who use the Console (your
          account, sign-in and support records) and of visitors to our websites. This policy describes that use.
        </li>
        <li>
          <strong>Processor.</strong> The data the service collects about the people and devices your organisation
          supervises (for example browsing requests, device details and screen captures) is controlled by your
          organisation. We process it only on your organisation’s documented instructions, under the data processing
          terms of its License Agreement. If you are a pupil, employee or family member whose device is protected by
          Wayguard, please contact the organisation that manages it first.
        </li>
      </ul>

      <h2>3. The personal data we collect</h2>
      <LegalTable label="Personal data we collect">
        <thead>
          <tr>
            <th scope="col">Type of data</th>
            <th scope="col">Examples</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Account data</td>
            <td>
              Name, username, e-mail address, telephone and mobile numbers, time zone, user type and the organisation
              you belong to.
            </td>
          </tr>
          <tr>
            <td>Sign-in and security data</td>
            <td>
              Sign-in times, IP address, browser type, failed sign-in attempts, two-factor authentication settings and a
              record of the agreements you accepted (with the location your browser reports, if you allow it).
            </td>
          </tr>
          <tr>
            <td>Activity in the Console</td>
            <td>Changes you make to users, devices and filtering settings, and the requests you approve or deny.</td>
          </tr>
          <tr>
            <td>Support and feedback</td>
            <td>Messages you send us, feedback you give through the Console and any files you attach.</td>
          </tr>
          <tr>
            <td>Technical data</td>
            <td>Server logs of requests to our websites, kept to keep the service secure and working.</td>
          </tr>
        </tbody>
      </LegalTable>

      <h2>4. How we use it and our lawful bases</h2>
      <ul>
        <li>
          To provide the Console and the service your organisation ordered, including signing you in and sending service
          e-mails such as activation and password reset messages — <em>performance of a contract</em> with your
          organisation and our <em>legitimate interests</em> in providing it.
        </li>
        <li>
          To keep accounts and the service secure, to detect and prevent misuse, and to keep audit records of changes —{' '}
          <em>legitimate interests</em> and, where the law requires records, <em>legal obligation</em>.
        </li>
        <li>
          To answer your questions and feedback and to improve the service — <em>legitimate interests</em>.
        </li>
        <li>
          To meet our legal and regulatory obligations, for example to tax authorities or in response to a lawful
          request from the police — <em>legal obligation</em>.
        </li>
      </ul>
      <p>
        We do not sell personal data, and we do not use it for advertising or to make automated decisions about you.
      </p>

      <h2>5. Who we share it with</h2>
      <p>We share personal data only where we need to, with:</p>
      <ul>
        <li>your organisation’s administrators, who can see the account and activity data of its console users;</li>
        <li>
          service providers who host our systems, deliver our e-mail and help us provide support, under contracts that
          require them to protect the data and use it only on our instructions;
        </li>
        <li>professional advisers such as lawyers, auditors and insurers;</li>
        <li>
          the police, regulators or courts, where the law requires it or where it is needed to protect someone’s safety;
          and
        </li>
        <li>a buyer of all or part of our business, who would be bound by this policy.</li>
      </ul>

      <h2>6. Where your data is stored</h2>
      <p>
        We store personal data in the United Kingdom and the European Economic Area. If we or our service providers
        transfer it to another country, we make sure it is protected by UK adequacy regulations or by the ICO’s
        International Data Transfer Agreement or Addendum.
      </p>

      <h2>7. How long we keep it</h2>
      <ul>
        <li>Account data: while your account exists, and up to 12 months after it is deleted.</li>
        <li>Sign-in records and server logs: 12 months.</li>
        <li>Support messages and feedback, with their attachments: 2 years from when the matter was closed.</li>
        <li>
          Data we process for your organisation: for the period your organisation sets, and at most as long as its
          agreement with us says.
        </li>
      </ul>
      <p>We may keep data longer where the law requires it or to establish, exercise or defend legal claims.</p>

      <h2>8. How we protect it</h2>
      <p>
        Data travels over encrypted connections. Passwords are stored only as salted hashes, two-factor authentication
        is available, sessions end after a period of inactivity, and our staff can reach personal data only when their
        role requires it. We test our security regularly and will tell you and the ICO about a personal data breach
        where the law requires.
      </p>

      <h2>9. Your rights</h2>
      <p>Under data protection law you have the right to:</p>
      <ul>
        <li>ask for a copy of your personal data;</li>
        <li>ask us to correct data that is wrong or incomplete;</li>
        <li>ask us to erase your data or to restrict how we use it;</li>
        <li>object to our use of your data based on our legitimate interests;</li>
        <li>ask us to transfer data you gave us to you or to another organisation.</li>
      </ul>
      <p>
        These rights have some exceptions. You do not usually need to pay a fee, and we will answer within one month. To
        use a right, e-mail <a href="mailto:privacy@wayguard.example">privacy@wayguard.example</a>. For data we process
        for your organisation, we will pass your request to that organisation and help it to respond.
      </p>

      <h2>10. Children</h2>
      <p>
        The Console is for adults who administer the service. Data about children whose devices are protected by
        Wayguard is processed on behalf of their school or family, which decides what is collected and for how long.
      </p>

      <h2>11. Cookies</h2>
      <p>
        The website uses only the cookies and local storage that it needs to work. Our{' '}
        <Link to={paths.legal.cookies.href()}>Cookies Policy</Link> lists them.
      </p>

      <h2>12. Complaints</h2>
      <p>
        If you are unhappy with how we have used your personal data, please contact us first so that we can try to put
        it right. You also have the right to complain to the Information Commissioner’s Office at{' '}
        <a href="https://ico.org.uk/make-a-complaint/" target="_blank" rel="noopener noreferrer">
          ico.org.uk/make-a-complaint (opens in a new tab)
        </a>
        .
      </p>

      <h2>13. Changes to this policy</h2>
      <p>
        We review this policy regularly and will update it when our practices change. The date at the top of this page
        shows when it last changed; where a change is significant we will also tell console users in the Console.
      </p>
    </LegalDocument>
  );
}
