/** Word lists for made-up records. Brand names are invented, so no real trademark appears. */

export const firstNames = [
  'Ada', 'Amara', 'Ana', 'Arjun', 'Aylin', 'Ben', 'Camille', 'Chen', 'Chloe', 'Dara', 'David', 'Elena', 'Emeka',
  'Erik', 'Fatima', 'Felix', 'Grace', 'Hana', 'Hugo', 'Ines', 'Ivan', 'Jonas', 'Kai', 'Kemal', 'Lara', 'Leila',
  'Liam', 'Lucia', 'Malik', 'Maria', 'Mateo', 'Mei', 'Nadia', 'Noah', 'Olga', 'Omar', 'Priya', 'Rafael', 'Rosa',
  'Sami', 'Sara', 'Sofia', 'Tariq', 'Tom', 'Yara', 'Yusuf', 'Zoe',
];

export const lastNames = [
  'Abebe', 'Andersen', 'Baker', 'Bianchi', 'Costa', 'Dubois', 'Esposito', 'Fischer', 'Garcia', 'Haddad', 'Ito',
  'Jensen', 'Kaur', 'Kim', 'Kowalski', 'Larsen', 'Lopez', 'Mensah', 'Moreau', 'Nakamura', 'Novak', 'Okafor',
  'Oliveira', 'Patel', 'Petrov', 'Quinn', 'Rossi', 'Schmidt', 'Silva', 'Singh', 'Tanaka', 'Torres', 'Usman',
  'Varga', 'Walsh', 'Wang', 'Yilmaz', 'Zhang',
];

export const emailDomains = ['example.com', 'example.org', 'example.net', 'mail.example', 'inbox.example'];

export const brandFirstWords = [
  'Amber', 'Atlas', 'Blue', 'Bright', 'Cedar', 'Copper', 'Crescent', 'Daily', 'Ember', 'Evergreen', 'Fable',
  'Golden', 'Harbor', 'Iron', 'Juniper', 'Kestrel', 'Lumen', 'Maple', 'Meadow', 'Nimbus', 'North', 'Oak',
  'Orbit', 'Pepper', 'Pine', 'Quartz', 'Red', 'River', 'Saffron', 'Silver', 'Summit', 'Tide', 'Urban', 'Velvet',
  'Willow', 'Zephyr',
];

export const brandSecondWords: Record<string, readonly string[]> = {
  'Food & Dining': ['Bistro', 'Bakery', 'Coffee', 'Kitchen', 'Pizza', 'Tea House', 'Grill'],
  Entertainment: ['Cinemas', 'Games', 'Music', 'Stream', 'Arcade'],
  Fashion: ['Apparel', 'Boutique', 'Denim', 'Shoes', 'Outfitters'],
  Travel: ['Air', 'Hotels', 'Rail', 'Trips'],
  Electronics: ['Electronics', 'Gadgets', 'Tech'],
  'Home & Garden': ['Home', 'Garden', 'Furniture', 'Hardware'],
  Groceries: ['Grocers', 'Market', 'Foods'],
  'Books & Learning': ['Books', 'Academy', 'Press'],
};

export const campaignThemes = [
  'Customer Rewards', 'Referral Bonus', 'Survey Thank-You', 'Holiday Gifts', 'Employee Recognition',
  'Research Incentives', 'Loyalty Tier', 'Creator Payouts', 'Bug Bounty', 'Affiliate Commission', 'Beta Testers',
  'Community Grants', 'Sales Contest', 'Onboarding Bonus',
];

export const countryOfCurrency: Record<string, string> = { USD: 'US', EUR: 'DE', GBP: 'GB', CAD: 'CA', AUD: 'AU' };
