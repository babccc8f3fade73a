/** /legal/terms: Website Terms of Use, the company's fixed text (002 §2.15; last updated 5 May 2021). */
import { Link } from 'react-router';
import { LegalDocument } from '../components/LegalDocument';
import { paths } from '../../../lib/paths';

export default function WebsiteTermsPage() {
  return (
    <LegalDocument title="Website Terms of Use" updated={{ iso: '2021-05-05', label: '5 May 2021' }}>
      <p>
        These terms tell you the rules for using the Wayguard websites and the Wayguard Console (together, the
        “website”). Please read them carefully: by using the website you confirm that you accept them. If you do not
        agree, you must not use the website.
      </p>

      <h2>1. Who we are</h2>
      <p>
        The website is operated by Wayguard Ltd (“Wayguard”, “we”, “us”), a company registered in England and Wales with
        its registered office in Manchester, United Kingdom. We provide web filtering, parental-control and
        device-safety services to schools, businesses and families.
      </p>
      <p>
        You can reach us through the <Link to={paths.support.contact.href()}>Contact Us</Link> page, by e-mail at{' '}
        <a href="mailto:legal@wayguard.example">legal@wayguard.example</a> or by telephone on +44 161 496 0000.
      </p>

      <h2>2. Other terms that apply</h2>
      <p>These terms cover the website itself. Other documents also apply to you:</p>
      <ul>
        <li>
          the License Agreement and the Console Terms of Use that your organisation accepted, which govern the Wayguard
          service, the filtering agent and the administration of your organisation’s devices and users;
        </li>
        <li>
          our <Link to={paths.legal.privacy.href()}>Privacy Policy</Link>, which explains how we use personal data; and
        </li>
        <li>
          our <Link to={paths.legal.cookies.href()}>Cookies Policy</Link>, which explains the cookies and similar
          technologies the website uses.
        </li>
      </ul>
      <p>Where those documents and these terms differ, the License Agreement and the Console Terms of Use prevail.</p>

      <h2>3. Your account</h2>
      <p>
        Access to the Wayguard Console is given by your organisation’s administrator. You must keep your username,
        password and any two-factor authentication device confidential and must not let anyone else use your account. If
        you know or suspect that someone else has used your account, tell your administrator and contact us straight
        away. We may disable any account if we reasonably believe it has been misused or that these terms have been
        broken.
      </p>

      <h2>4. How you may use the website</h2>
      <p>You may use the website only for lawful purposes. You must not:</p>
      <ul>
        <li>use the website in any way that breaks a law or regulation, or that is fraudulent or harmful;</li>
        <li>
          try to gain unauthorised access to the website, to the server on which it is stored or to any computer or
          database connected to it, or attack it by a denial-of-service attack or any other means;
        </li>
        <li>knowingly introduce viruses, trojans, worms or other material that is malicious or harmful;</li>
        <li>
          copy, scrape or extract data from the website by automated means, except through the tools and interfaces we
          provide for that purpose;
        </li>
        <li>look at, copy or use personal data shown in the Console for any purpose your role does not require.</li>
      </ul>
      <p>
        Breaking this section may be a criminal offence under the Computer Misuse Act 1990. We will report any such
        breach to the relevant law enforcement authorities and co-operate with them, including by disclosing your
        identity to them.
      </p>

      <h2>5. Changes to the website and to these terms</h2>
      <p>
        We update the website regularly, for example to add features, to reflect changes to our services or to meet
        legal requirements. While the new Console is in development some actions still open the Classic Admin Console.
        We may suspend, withdraw or restrict all or part of the website for business or operational reasons; where we
        can, we will give you reasonable notice.
      </p>
      <p>
        We may amend these terms from time to time. Every time you use the website, please check these terms to make
        sure you understand the terms that apply at that time. The date at the top of this page shows when they last
        changed.
      </p>

      <h2>6. Intellectual property</h2>
      <p>
        We are the owner or the licensee of all intellectual property rights in the website and in the material
        published on it, including its software, design, text and graphics. Those works are protected by copyright laws
        and treaties around the world. You may use the material only as needed to use the Wayguard service for your
        organisation; you must not modify, reproduce or distribute it otherwise, and you must not remove any copyright
        or other notice from it. “Wayguard” and the Wayguard logo are trade marks of Wayguard Ltd.
      </p>

      <h2>7. Information on the website</h2>
      <p>
        The content on the website, including news items and help text, is provided for general information only. It is
        not advice on which you should rely. Although we make reasonable efforts to keep it up to date, we make no
        promise that it is accurate, complete or current. No filtering service can block all unwanted content:
        supervision of the people and devices you are responsible for remains your organisation’s responsibility.
      </p>

      <h2>8. Links to other websites</h2>
      <p>
        Where the website contains links to other sites and resources provided by third parties, these links are
        provided for your information only. We have no control over the contents of those sites or resources and accept
        no responsibility for them or for any loss that may arise from your use of them.
      </p>

      <h2>9. Our responsibility for loss or damage</h2>
      <p>
        Nothing in these terms limits or excludes our liability for death or personal injury caused by our negligence,
        for fraud or fraudulent misrepresentation, or for any other liability that cannot be limited or excluded by
        English law.
      </p>
      <p>
        The website is provided for business, educational and household use. To the extent the law allows, we exclude
        all implied conditions, warranties and representations, and we will not be liable to you for any loss of
        profits, sales, business or revenue, business interruption, loss of anticipated savings, loss of business
        opportunity, goodwill or reputation, or any indirect or consequential loss arising from your use of, or
        inability to use, the website. Our liability for the Wayguard service itself is set out in the License Agreement
        with your organisation.
      </p>

      <h2>10. Viruses and security</h2>
      <p>
        We take care to keep the website secure and free from bugs and viruses, but we do not guarantee that it will be.
        You are responsible for configuring your own technology to access the website and should use your own virus
        protection software.
      </p>

      <h2>11. Which laws apply</h2>
      <p>
        These terms, their subject matter and their formation are governed by the law of England and Wales. You and we
        both agree that the courts of England and Wales will have exclusive jurisdiction, except that if you are a
        consumer living in Scotland or Northern Ireland you may also bring proceedings in your local courts.
      </p>

      <h2>12. Contact us</h2>
      <p>
        If you have any questions about these terms, please contact us at{' '}
        <a href="mailto:legal@wayguard.example">legal@wayguard.example</a> or through the{' '}
        <Link to={paths.support.contact.href()}>Contact Us</Link> page. Thank you for using Wayguard.
      </p>
    </LegalDocument>
  );
}
