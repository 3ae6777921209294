// Data only: the last part of a location ("…, CA", "…, India", "…, Ontario") that makes a
// comma-separated phrase a place rather than a title or a degree. Lower case, as compared.
// Kept as data so that adding a region is a one-word change, not a new rule.

const COUNTRIES = `afghanistan, albania, algeria, andorra, angola, argentina, armenia, australia, austria,
azerbaijan, bahamas, bahrain, bangladesh, barbados, belarus, belgium, belize, benin, bhutan,
bolivia, bosnia, botswana, brazil, brunei, bulgaria, burkina faso, burundi, cambodia, cameroon,
canada, chad, chile, china, colombia, comoros, congo, costa rica, croatia, cuba, cyprus, czechia,
czech republic, denmark, djibouti, dominica, dominican republic, ecuador, egypt, el salvador,
eritrea, estonia, eswatini, ethiopia, fiji, finland, france, gabon, gambia, georgia, germany,
ghana, greece, grenada, guatemala, guinea, guyana, haiti, honduras, hong kong, hungary, iceland,
india, indonesia, iran, iraq, ireland, israel, italy, jamaica, japan, jordan, kazakhstan, kenya,
kiribati, korea, south korea, north korea, republic of korea, s.korea, s. korea, kosovo, kuwait,
kyrgyzstan, laos, latvia, lebanon, lesotho, liberia, libya, liechtenstein, lithuania, luxembourg,
macau, madagascar, malawi, malaysia, maldives, mali, malta, mauritania, mauritius, mexico,
moldova, monaco, mongolia, montenegro, morocco, mozambique, myanmar, namibia, nauru, nepal,
netherlands, the netherlands, new zealand, nicaragua, niger, nigeria, north macedonia, norway,
oman, pakistan, palau, palestine, panama, papua new guinea, paraguay, peru, philippines, poland,
portugal, qatar, romania, russia, rwanda, samoa, san marino, saudi arabia, senegal, serbia,
seychelles, sierra leone, singapore, slovakia, slovenia, somalia, south africa, spain,
sri lanka, sudan, suriname, sweden, switzerland, syria, taiwan, tajikistan, tanzania, thailand,
togo, tonga, trinidad and tobago, tunisia, turkey, türkiye, turkmenistan, tuvalu, uganda,
ukraine, united arab emirates, uae, united kingdom, uk, great britain, england, scotland, wales,
northern ireland, united states, united states of america, usa, us, u.s., u.s.a, u.s.a.,
uruguay, uzbekistan, vanuatu, vatican, venezuela, vietnam, viet nam, yemen, zambia, zimbabwe`;

const REGIONS = `alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware, florida,
georgia, hawaii, idaho, illinois, indiana, iowa, kansas, kentucky, louisiana, maine, maryland,
massachusetts, michigan, minnesota, mississippi, missouri, montana, nebraska, nevada,
new hampshire, new jersey, new mexico, new york, north carolina, north dakota, ohio, oklahoma,
oregon, pennsylvania, rhode island, south carolina, south dakota, tennessee, texas, utah,
vermont, virginia, washington, west virginia, wisconsin, wyoming, district of columbia, d.c.,
alberta, british columbia, manitoba, new brunswick, newfoundland, nova scotia, ontario, quebec,
québec, saskatchewan, andhra pradesh, arunachal pradesh, assam, bihar, chhattisgarh, goa,
gujarat, haryana, himachal pradesh, jharkhand, karnataka, kerala, madhya pradesh, maharashtra,
manipur, meghalaya, mizoram, nagaland, odisha, punjab, rajasthan, sikkim, tamil nadu, telangana,
tripura, uttar pradesh, uttarakhand, west bengal, delhi, new delhi, ncr, jammu and kashmir,
ladakh, puducherry, chandigarh, new south wales, queensland, victoria, tasmania,
western australia, south australia, bavaria, bayern, hesse, saxony, greater london`;

// State and province codes: known only when written in capitals ("Austin, TX", "Toronto, ON").
const REGION_CODES = `al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm
ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy dc ab bc mb nb nl ns on qc sk nsw qld vic
tas act`;

const listed = (list: string) => list.split(/\s*,\s*/u).map((name) => name.trim());

/** Countries, states and provinces by name, lower case. */
export const KNOWN_REGIONS: ReadonlySet<string> = new Set([
  ...listed(COUNTRIES),
  ...listed(REGIONS),
]);

/** US, Canadian and Australian state codes, lower case; the text must write them in capitals. */
export const REGION_CODES_KNOWN: ReadonlySet<string> = new Set(REGION_CODES.split(/\s+/u));

/** Where a job or a person is when no city is given. */
export const PLACE_WORDS: ReadonlySet<string> = new Set([
  'remote',
  'hybrid',
  'on-site',
  'onsite',
  'online',
  'worldwide',
  'anywhere',
]);

// A street's last word: "555 La Verne Way", "123 Main St", "12 MG Road", "4 Park Marg".
export const STREET_SUFFIXES: ReadonlySet<string> = new Set(
  `street st avenue ave road rd boulevard blvd lane ln drive dr way court ct place pl terrace
  parkway pkwy highway hwy square sq circle cir trail close crescent cres marg nagar path row alley
  strasse straße gasse weg platz rue`.split(/\s+/u),
);
