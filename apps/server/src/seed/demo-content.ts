import {
  SHARED_DATA_OPTIONS,
  type TCampaignStatus,
  type TCampaignType,
  type TContestSettings,
  type TFinishCriterion,
  type TFormFieldType,
  type TInviteStatus,
  type TMissionStatus,
  type TMissionType,
  type TRewardType,
  type TSharedDataOption,
  type TStoreStatus,
} from '@rally/domain';
import type { DbOrTx } from '../db/client.js';
import {
  campaignMissions,
  campaignPartners,
  campaigns,
  missionItems,
  missions,
  rewardCodes,
  rewardPartners,
  rewards,
  storeGroupMembers,
  storeGroups,
  storeUsers,
  stores,
  walletLedger,
} from '../db/schema/index.js';
import { newPublicUid } from '../modules/campaign/campaign.repository.js';
import type { DemoBrandKey } from './demo-accounts.js';
import { seedDemoPosImport } from './demo-pos-import.js';

// The demo data set is generated, not hand-written, so it is big enough to page,
// search and filter through; a fixed PRNG seed keeps it identical on every start.
// Dates are offsets from today (UTC midnight) so "active" always spans now.

// ---------------------------------------------------------------- randomness

interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: tiny, fast and good enough for demo data. */
function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

// ---------------------------------------------------------------- geography

type CountryCode = 'US' | 'CA' | 'MX' | 'GB' | 'FR' | 'ES' | 'DE' | 'BR';

interface City {
  name: string;
  /** What the postal address writes: "TX", "ON", "CDMX", "England"… */
  region: string;
  /** Region as people name it, for groups ("Texas", "Ontario"…). */
  regionName: string;
  country: CountryCode;
  lat: number;
  lng: number;
  postal(rng: Rng): string;
  streets: readonly string[];
}

const COUNTRY_NAMES: Record<CountryCode, string> = {
  US: 'United States',
  CA: 'Canada',
  MX: 'Mexico',
  GB: 'United Kingdom',
  FR: 'France',
  ES: 'Spain',
  DE: 'Germany',
  BR: 'Brazil',
};

const numericPostal = (from: number, to: number) => (rng: Rng) => pad(rng.int(from, to), 5);
const pickPostal = (codes: readonly string[]) => (rng: Rng) => rng.pick(codes);
// Canadian and British codes avoid letters that read like digits.
const CA_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';
const GB_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const letter = (rng: Rng, alphabet: string) => alphabet.charAt(rng.int(0, alphabet.length - 1));
const caPostal = (fsas: readonly string[]) => (rng: Rng) =>
  `${rng.pick(fsas)} ${rng.int(0, 9)}${letter(rng, CA_LETTERS)}${rng.int(0, 9)}`;
const gbPostal = (outwards: readonly string[]) => (rng: Rng) =>
  `${rng.pick(outwards)} ${rng.int(1, 9)}${letter(rng, GB_LETTERS)}${letter(rng, GB_LETTERS)}`;
const brPostal = (from: number, to: number) => (rng: Rng) =>
  `${pad(rng.int(from, to), 5)}-${pad(rng.int(0, 99) * 10, 3)}`;

const CITIES: readonly City[] = [
  // United States
  {
    name: 'Austin',
    region: 'TX',
    regionName: 'Texas',
    country: 'US',
    lat: 30.2672,
    lng: -97.7431,
    postal: numericPostal(78701, 78759),
    streets: ['Congress Ave', 'South Lamar Blvd', 'East 6th St', 'Guadalupe St', 'Burnet Rd', 'South 1st St'],
  },
  {
    name: 'Houston',
    region: 'TX',
    regionName: 'Texas',
    country: 'US',
    lat: 29.7604,
    lng: -95.3698,
    postal: numericPostal(77002, 77098),
    streets: ['Westheimer Rd', 'Main St', 'Washington Ave', 'Montrose Blvd', 'Richmond Ave'],
  },
  {
    name: 'Dallas',
    region: 'TX',
    regionName: 'Texas',
    country: 'US',
    lat: 32.7767,
    lng: -96.797,
    postal: numericPostal(75201, 75254),
    streets: ['Elm St', 'Greenville Ave', 'McKinney Ave', 'Commerce St', 'Lemmon Ave'],
  },
  {
    name: 'New York',
    region: 'NY',
    regionName: 'New York',
    country: 'US',
    lat: 40.7128,
    lng: -74.006,
    postal: numericPostal(10001, 10040),
    streets: ['Broadway', 'Lexington Ave', 'W 34th St', 'Amsterdam Ave', 'Bleecker St', '5th Ave'],
  },
  {
    name: 'Brooklyn',
    region: 'NY',
    regionName: 'New York',
    country: 'US',
    lat: 40.6782,
    lng: -73.9442,
    postal: numericPostal(11201, 11238),
    streets: ['Atlantic Ave', 'Bedford Ave', 'Flatbush Ave', 'Court St', 'Smith St'],
  },
  {
    name: 'Los Angeles',
    region: 'CA',
    regionName: 'California',
    country: 'US',
    lat: 34.0522,
    lng: -118.2437,
    postal: numericPostal(90004, 90068),
    streets: ['Sunset Blvd', 'Wilshire Blvd', 'S Figueroa St', 'Melrose Ave', 'Venice Blvd'],
  },
  {
    name: 'San Francisco',
    region: 'CA',
    regionName: 'California',
    country: 'US',
    lat: 37.7749,
    lng: -122.4194,
    postal: numericPostal(94102, 94134),
    streets: ['Market St', 'Valencia St', 'Mission St', 'Divisadero St', 'Geary Blvd'],
  },
  {
    name: 'Chicago',
    region: 'IL',
    regionName: 'Illinois',
    country: 'US',
    lat: 41.8781,
    lng: -87.6298,
    postal: numericPostal(60601, 60661),
    streets: ['N Michigan Ave', 'W Madison St', 'N Clark St', 'W Division St', 'S State St'],
  },
  {
    name: 'Miami',
    region: 'FL',
    regionName: 'Florida',
    country: 'US',
    lat: 25.7617,
    lng: -80.1918,
    postal: numericPostal(33125, 33150),
    streets: ['Biscayne Blvd', 'Collins Ave', 'SW 8th St', 'Brickell Ave', 'NE 2nd Ave'],
  },
  {
    name: 'Seattle',
    region: 'WA',
    regionName: 'Washington',
    country: 'US',
    lat: 47.6062,
    lng: -122.3321,
    postal: numericPostal(98101, 98199),
    streets: ['Pike St', '1st Ave', 'Broadway E', 'Rainier Ave S', 'NW Market St'],
  },
  {
    name: 'Denver',
    region: 'CO',
    regionName: 'Colorado',
    country: 'US',
    lat: 39.7392,
    lng: -104.9903,
    postal: numericPostal(80202, 80249),
    streets: ['E Colfax Ave', '16th St', 'S Broadway', 'Larimer St', 'Tennyson St'],
  },
  {
    name: 'Atlanta',
    region: 'GA',
    regionName: 'Georgia',
    country: 'US',
    lat: 33.749,
    lng: -84.388,
    postal: numericPostal(30303, 30342),
    streets: ['Peachtree St NE', 'Ponce de Leon Ave', 'Edgewood Ave', 'Northside Dr'],
  },
  {
    name: 'Boston',
    region: 'MA',
    regionName: 'Massachusetts',
    country: 'US',
    lat: 42.3601,
    lng: -71.0589,
    postal: numericPostal(2108, 2136),
    streets: ['Boylston St', 'Newbury St', 'Tremont St', 'Cambridge St', 'Hanover St'],
  },
  // Canada
  {
    name: 'Toronto',
    region: 'ON',
    regionName: 'Ontario',
    country: 'CA',
    lat: 43.6532,
    lng: -79.3832,
    postal: caPostal(['M5V', 'M5H', 'M4W', 'M6J', 'M5A']),
    streets: ['Queen St W', 'King St W', 'Yonge St', 'Bloor St W', 'Spadina Ave', 'Dundas St W'],
  },
  {
    name: 'Ottawa',
    region: 'ON',
    regionName: 'Ontario',
    country: 'CA',
    lat: 45.4215,
    lng: -75.6972,
    postal: caPostal(['K1P', 'K1N', 'K1R', 'K2P']),
    streets: ['Bank St', 'Rideau St', 'Elgin St', 'Wellington St W'],
  },
  {
    name: 'Vancouver',
    region: 'BC',
    regionName: 'British Columbia',
    country: 'CA',
    lat: 49.2827,
    lng: -123.1207,
    postal: caPostal(['V6B', 'V6E', 'V5K', 'V6K']),
    streets: ['Granville St', 'Robson St', 'Main St', 'Commercial Dr', 'W Broadway'],
  },
  {
    name: 'Montréal',
    region: 'QC',
    regionName: 'Quebec',
    country: 'CA',
    lat: 45.5019,
    lng: -73.5674,
    postal: caPostal(['H2X', 'H3B', 'H2T', 'H2J']),
    streets: ['Rue Sainte-Catherine O', 'Boulevard Saint-Laurent', 'Rue Saint-Denis', 'Avenue du Mont-Royal E'],
  },
  {
    name: 'Calgary',
    region: 'AB',
    regionName: 'Alberta',
    country: 'CA',
    lat: 51.0447,
    lng: -114.0719,
    postal: caPostal(['T2P', 'T2R', 'T3C']),
    streets: ['17 Ave SW', 'Stephen Ave SW', 'Kensington Rd NW', 'Macleod Trail SE'],
  },
  // Mexico
  {
    name: 'Ciudad de México',
    region: 'CDMX',
    regionName: 'Ciudad de México',
    country: 'MX',
    lat: 19.4326,
    lng: -99.1332,
    postal: pickPostal(['06600', '06700', '03100', '11560', '06000', '04100', '03810']),
    streets: [
      'Av. Paseo de la Reforma',
      'Av. Insurgentes Sur',
      'Calle Francisco I. Madero',
      'Av. Álvaro Obregón',
      'Av. Presidente Masaryk',
    ],
  },
  {
    name: 'Guadalajara',
    region: 'Jal.',
    regionName: 'Jalisco',
    country: 'MX',
    lat: 20.6597,
    lng: -103.3496,
    postal: numericPostal(44100, 44690),
    streets: ['Av. Chapultepec', 'Av. Vallarta', 'Av. Juárez', 'Av. Adolfo López Mateos Sur'],
  },
  {
    name: 'Monterrey',
    region: 'N.L.',
    regionName: 'Nuevo León',
    country: 'MX',
    lat: 25.6866,
    lng: -100.3161,
    postal: numericPostal(64000, 64720),
    streets: ['Av. Constitución', 'Calzada San Pedro', 'Av. Eugenio Garza Sada', 'Calle Morelos'],
  },
  // United Kingdom
  {
    name: 'London',
    region: 'England',
    regionName: 'England',
    country: 'GB',
    lat: 51.5074,
    lng: -0.1278,
    postal: gbPostal(['SW3', 'W1D', 'EC2A', 'N1', 'SE1', 'E1', 'NW1', 'WC2H']),
    streets: [
      'Oxford Street',
      "King's Road",
      'Upper Street',
      'Brick Lane',
      'Borough High Street',
      'Camden High Street',
      'Shaftesbury Avenue',
    ],
  },
  {
    name: 'Manchester',
    region: 'England',
    regionName: 'England',
    country: 'GB',
    lat: 53.4808,
    lng: -2.2426,
    postal: gbPostal(['M1', 'M2', 'M4', 'M20']),
    streets: ['Deansgate', 'Oldham Street', 'Market Street', 'Wilmslow Road'],
  },
  {
    name: 'Birmingham',
    region: 'England',
    regionName: 'England',
    country: 'GB',
    lat: 52.4862,
    lng: -1.8904,
    postal: gbPostal(['B1', 'B2', 'B5']),
    streets: ['New Street', 'Broad Street', 'Corporation Street'],
  },
  {
    name: 'Edinburgh',
    region: 'Scotland',
    regionName: 'Scotland',
    country: 'GB',
    lat: 55.9533,
    lng: -3.1883,
    postal: gbPostal(['EH1', 'EH2', 'EH3', 'EH8']),
    streets: ['Princes Street', 'George Street', 'Leith Walk', 'High Street'],
  },
  // France
  {
    name: 'Paris',
    region: 'Île-de-France',
    regionName: 'Île-de-France',
    country: 'FR',
    lat: 48.8566,
    lng: 2.3522,
    postal: (rng) => `750${pad(rng.int(1, 20), 2)}`,
    streets: [
      'Rue de Rivoli',
      'Boulevard Saint-Germain',
      'Rue du Faubourg Saint-Antoine',
      'Avenue des Champs-Élysées',
      'Rue Oberkampf',
      'Rue de la Roquette',
    ],
  },
  {
    name: 'Lyon',
    region: 'Auvergne-Rhône-Alpes',
    regionName: 'Auvergne-Rhône-Alpes',
    country: 'FR',
    lat: 45.764,
    lng: 4.8357,
    postal: (rng) => `6900${rng.int(1, 9)}`,
    streets: ['Rue de la République', 'Rue Mercière', 'Cours Lafayette', 'Rue Victor Hugo'],
  },
  {
    name: 'Marseille',
    region: "Provence-Alpes-Côte d'Azur",
    regionName: "Provence-Alpes-Côte d'Azur",
    country: 'FR',
    lat: 43.2965,
    lng: 5.3698,
    postal: (rng) => `130${pad(rng.int(1, 16), 2)}`,
    streets: ['La Canebière', 'Rue de Rome', 'Boulevard Baille', 'Rue Paradis'],
  },
  {
    name: 'Bordeaux',
    region: 'Nouvelle-Aquitaine',
    regionName: 'Nouvelle-Aquitaine',
    country: 'FR',
    lat: 44.8378,
    lng: -0.5792,
    postal: pickPostal(['33000', '33100', '33200', '33300', '33800']),
    streets: ['Rue Sainte-Catherine', "Cours de l'Intendance", 'Quai des Chartrons'],
  },
  // Spain
  {
    name: 'Madrid',
    region: 'Comunidad de Madrid',
    regionName: 'Comunidad de Madrid',
    country: 'ES',
    lat: 40.4168,
    lng: -3.7038,
    postal: numericPostal(28001, 28050),
    streets: [
      'Calle de Alcalá',
      'Gran Vía',
      'Calle de Fuencarral',
      'Calle de Serrano',
      'Paseo de la Castellana',
      'Calle Mayor',
    ],
  },
  {
    name: 'Barcelona',
    region: 'Cataluña',
    regionName: 'Catalonia',
    country: 'ES',
    lat: 41.3874,
    lng: 2.1686,
    postal: numericPostal(8001, 8042),
    streets: ['Passeig de Gràcia', 'Carrer de Balmes', 'La Rambla', 'Avinguda Diagonal', 'Carrer de Sants'],
  },
  {
    name: 'Valencia',
    region: 'Comunitat Valenciana',
    regionName: 'Valencia',
    country: 'ES',
    lat: 39.4699,
    lng: -0.3763,
    postal: numericPostal(46001, 46026),
    streets: ['Calle de Colón', 'Avenida del Puerto', 'Calle de la Paz'],
  },
  {
    name: 'Sevilla',
    region: 'Andalucía',
    regionName: 'Andalusia',
    country: 'ES',
    lat: 37.3891,
    lng: -5.9845,
    postal: numericPostal(41001, 41020),
    streets: ['Calle Sierpes', 'Avenida de la Constitución', 'Calle Tetuán'],
  },
  // Germany
  {
    name: 'Berlin',
    region: 'Berlin',
    regionName: 'Berlin',
    country: 'DE',
    lat: 52.52,
    lng: 13.405,
    postal: pickPostal([
      '10115',
      '10117',
      '10178',
      '10243',
      '10405',
      '10435',
      '10551',
      '10785',
      '10827',
      '10961',
      '10997',
    ]),
    streets: [
      'Friedrichstraße',
      'Kurfürstendamm',
      'Karl-Marx-Allee',
      'Schönhauser Allee',
      'Torstraße',
      'Kastanienallee',
    ],
  },
  {
    name: 'München',
    region: 'Bayern',
    regionName: 'Bavaria',
    country: 'DE',
    lat: 48.1351,
    lng: 11.582,
    postal: numericPostal(80331, 81929),
    streets: ['Kaufingerstraße', 'Leopoldstraße', 'Sendlinger Straße', 'Rosenheimer Straße'],
  },
  {
    name: 'Hamburg',
    region: 'Hamburg',
    regionName: 'Hamburg',
    country: 'DE',
    lat: 53.5511,
    lng: 9.9937,
    postal: numericPostal(20095, 22769),
    streets: ['Mönckebergstraße', 'Jungfernstieg', 'Schanzenstraße', 'Eppendorfer Weg'],
  },
  {
    name: 'Köln',
    region: 'Nordrhein-Westfalen',
    regionName: 'North Rhine-Westphalia',
    country: 'DE',
    lat: 50.9375,
    lng: 6.9603,
    postal: numericPostal(50667, 51149),
    streets: ['Hohe Straße', 'Ehrenstraße', 'Aachener Straße'],
  },
  // Brazil
  {
    name: 'São Paulo',
    region: 'SP',
    regionName: 'São Paulo',
    country: 'BR',
    lat: -23.5505,
    lng: -46.6333,
    postal: brPostal(1000, 5999),
    streets: ['Av. Paulista', 'Rua Augusta', 'Rua Oscar Freire', 'Av. Brigadeiro Faria Lima', 'Rua da Consolação'],
  },
  {
    name: 'Rio de Janeiro',
    region: 'RJ',
    regionName: 'Rio de Janeiro',
    country: 'BR',
    lat: -22.9068,
    lng: -43.1729,
    postal: brPostal(20000, 22999),
    streets: ['Av. Atlântica', 'Rua Visconde de Pirajá', 'Av. Rio Branco', 'Rua Voluntários da Pátria'],
  },
  {
    name: 'Belo Horizonte',
    region: 'MG',
    regionName: 'Minas Gerais',
    country: 'BR',
    lat: -19.9167,
    lng: -43.9345,
    postal: brPostal(30000, 31999),
    streets: ['Av. Afonso Pena', 'Rua da Bahia', 'Av. do Contorno'],
  },
];

/** The street line as that country writes it (number before or after the street name). */
function streetLine(country: CountryCode, street: string, num: number): string {
  switch (country) {
    case 'US':
    case 'CA':
    case 'GB':
    case 'FR':
      return `${num} ${street}`;
    case 'MX':
    case 'DE':
      return `${street} ${num}`;
    case 'ES':
    case 'BR':
      return `${street}, ${num}`;
  }
}

/** A one-line postal address in the order of its country, as a geocoder would format it. */
function formatAddress(city: City, street: string, postal: string): string {
  switch (city.country) {
    case 'US':
      return `${street}, ${city.name}, ${city.region} ${postal}, USA`;
    case 'CA':
      return `${street}, ${city.name}, ${city.region} ${postal}, Canada`;
    case 'MX':
      return `${street}, ${postal} ${city.name}, ${city.region}, Mexico`;
    case 'GB':
      return `${street}, ${city.name} ${postal}, UK`;
    case 'FR':
      return `${street}, ${postal} ${city.name}, France`;
    case 'ES':
      return `${street}, ${postal} ${city.name}, Spain`;
    case 'DE':
      return `${street}, ${postal} ${city.name}, Germany`;
    case 'BR':
      return `${street}, ${city.name} - ${city.region}, ${postal}, Brazil`;
  }
}

// ---------------------------------------------------------------- people

type Language = 'en' | 'es' | 'fr' | 'de' | 'pt';
const LANGUAGE_OF: Record<CountryCode, Language> = {
  US: 'en',
  CA: 'en',
  GB: 'en',
  MX: 'es',
  ES: 'es',
  FR: 'fr',
  DE: 'de',
  BR: 'pt',
};
const FIRST_NAMES: Record<Language, readonly string[]> = {
  en: [
    'James',
    'Olivia',
    'Liam',
    'Emma',
    'Noah',
    'Ava',
    'Ethan',
    'Sophia',
    'Mason',
    'Isabella',
    'Lucas',
    'Mia',
    'Jackson',
    'Harper',
    'Aiden',
    'Chloe',
    'Grace',
    'Daniel',
    'Priya',
    'Marcus',
  ],
  es: [
    'Sofía',
    'Mateo',
    'Valentina',
    'Santiago',
    'Camila',
    'Diego',
    'Lucía',
    'Alejandro',
    'Martina',
    'Javier',
    'Carmen',
    'Pablo',
    'Elena',
    'Andrés',
    'Paula',
    'Luis',
  ],
  fr: [
    'Camille',
    'Louis',
    'Léa',
    'Hugo',
    'Chloé',
    'Jules',
    'Manon',
    'Arthur',
    'Inès',
    'Gabriel',
    'Sarah',
    'Théo',
    'Zoé',
    'Nathan',
  ],
  de: [
    'Lukas',
    'Anna',
    'Leon',
    'Marie',
    'Felix',
    'Lena',
    'Jonas',
    'Sophie',
    'Paul',
    'Hannah',
    'Maximilian',
    'Laura',
    'Tim',
    'Julia',
  ],
  pt: [
    'Gabriel',
    'Ana',
    'Pedro',
    'Beatriz',
    'João',
    'Mariana',
    'Rafael',
    'Larissa',
    'Lucas',
    'Fernanda',
    'Thiago',
    'Juliana',
    'Bruno',
    'Camila',
  ],
};
const LAST_NAMES: Record<Language, readonly string[]> = {
  en: [
    'Smith',
    'Johnson',
    'Williams',
    'Brown',
    'Jones',
    'Miller',
    'Davis',
    'Wilson',
    'Taylor',
    'Anderson',
    'Thomas',
    'Moore',
    'Martin',
    'Lee',
    'Walker',
    'Patel',
    'Nguyen',
    'Clarke',
    'Murphy',
    'Campbell',
  ],
  es: [
    'García',
    'Martínez',
    'López',
    'Hernández',
    'González',
    'Rodríguez',
    'Pérez',
    'Sánchez',
    'Ramírez',
    'Torres',
    'Flores',
    'Ruiz',
    'Moreno',
    'Jiménez',
    'Navarro',
    'Castillo',
  ],
  fr: [
    'Martin',
    'Bernard',
    'Dubois',
    'Thomas',
    'Robert',
    'Richard',
    'Petit',
    'Durand',
    'Leroy',
    'Moreau',
    'Simon',
    'Laurent',
    'Lefebvre',
    'Fournier',
  ],
  de: [
    'Müller',
    'Schmidt',
    'Schneider',
    'Fischer',
    'Weber',
    'Meyer',
    'Wagner',
    'Becker',
    'Schulz',
    'Hoffmann',
    'Koch',
    'Richter',
    'Klein',
    'Wolf',
  ],
  pt: [
    'Silva',
    'Santos',
    'Oliveira',
    'Souza',
    'Rodrigues',
    'Ferreira',
    'Alves',
    'Pereira',
    'Lima',
    'Gomes',
    'Costa',
    'Ribeiro',
    'Martins',
    'Carvalho',
  ],
};

const asciiSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

// ---------------------------------------------------------------- stores

interface StoreFormat {
  name: string;
  share: number;
  group: string;
}

interface BrandStoresPlan {
  brand: DemoBrandKey;
  count: number;
  refPrefix: string;
  emailDomain: string;
  /** Relative share of stores per country. */
  countries: Partial<Record<CountryCode, number>>;
  formats: readonly StoreFormat[];
  storeName(city: City, streetName: string, seq: number, format: string): string;
  /** Groups beyond the automatic per-country, per-format ones. */
  groups: readonly { name: string; status?: TStoreStatus; matches(store: PlannedStore): boolean }[];
}

interface PlannedStore {
  refId: string;
  city: City;
  format: string;
  status: TStoreStatus;
  values: typeof stores.$inferInsert;
  users: { name: string; email: string; role: string }[];
}

const STORE_PLANS: readonly BrandStoresPlan[] = [
  {
    brand: 'owner',
    count: 240,
    refPrefix: 'ST',
    emailDomain: 'brightside-staff.test',
    countries: { US: 44, CA: 10, MX: 9, GB: 10, FR: 10, ES: 8, DE: 6, BR: 7 },
    formats: [
      { name: 'Flagship', share: 0.08, group: 'Flagship stores' },
      { name: 'Standard', share: 0.72, group: 'Standard stores' },
      { name: 'Express', share: 0.2, group: 'Express kiosks' },
    ],
    storeName: (city, streetName) => `Brightside — ${city.name} ${streetName}`,
    groups: [
      { name: 'Texas', matches: (s) => s.city.regionName === 'Texas' },
      { name: 'California', matches: (s) => s.city.regionName === 'California' },
      { name: 'New York', matches: (s) => s.city.regionName === 'New York' },
      { name: 'West Coast', matches: (s) => ['California', 'Washington'].includes(s.city.regionName) },
      { name: 'Ontario', matches: (s) => s.city.regionName === 'Ontario' },
      { name: 'Paris', matches: (s) => s.city.name === 'Paris' },
      { name: 'London', matches: (s) => s.city.name === 'London' },
      { name: 'Madrid', matches: (s) => s.city.name === 'Madrid' },
      { name: 'Berlin', matches: (s) => s.city.name === 'Berlin' },
      { name: 'Mexico City', matches: (s) => s.city.name === 'Ciudad de México' },
      { name: 'São Paulo', matches: (s) => s.city.name === 'São Paulo' },
      { name: 'Europe', matches: (s) => ['GB', 'FR', 'ES', 'DE'].includes(s.city.country) },
      { name: 'Latin America', matches: (s) => ['MX', 'BR'].includes(s.city.country) },
      // A retired group, so lists that show approved groups only have something to leave out.
      {
        name: 'Summer pop-ups 2023',
        status: 'inactive',
        matches: (s) => s.format === 'Express' && s.city.country === 'US',
      },
    ],
  },
  {
    brand: 'retailer',
    count: 72,
    refPrefix: 'MM',
    emailDomain: 'metromart-staff.test',
    countries: { US: 50, CA: 20, MX: 15, GB: 15 },
    formats: [
      { name: 'Supercenter', share: 0.25, group: 'Supercenters' },
      { name: 'Neighborhood', share: 0.55, group: 'Neighborhood markets' },
      { name: 'Express', share: 0.2, group: 'Metro Mart Express' },
    ],
    storeName: (_city, _street, seq) => `Metro Mart #${pad(seq, 4)}`,
    groups: [
      { name: 'Texas', matches: (s) => s.city.regionName === 'Texas' },
      { name: 'Northeast', matches: (s) => ['New York', 'Massachusetts'].includes(s.city.regionName) },
      { name: 'Ontario', matches: (s) => s.city.regionName === 'Ontario' },
    ],
  },
  {
    brand: 'partner',
    count: 18,
    refPrefix: 'PK',
    emailDomain: 'peaksnacks-staff.test',
    countries: { US: 70, CA: 30 },
    formats: [{ name: 'Standard', share: 1, group: 'All Peak Snacks stores' }],
    storeName: (city, streetName) => `Peak Snacks ${city.name} — ${streetName}`,
    groups: [],
  },
];

const STORE_STATUSES_WEIGHTED: readonly TStoreStatus[] = [
  ...Array<TStoreStatus>(17).fill('approved'),
  'pending',
  'pending',
  'inactive',
];

function weightedCountry(rng: Rng, shares: Partial<Record<CountryCode, number>>): CountryCode {
  const entries = Object.entries(shares) as [CountryCode, number][];
  const total = entries.reduce((sum, [, share]) => sum + share, 0);
  let roll = rng.next() * total;
  for (const [code, share] of entries) {
    roll -= share;
    if (roll < 0) return code;
  }
  return entries[entries.length - 1]![0];
}

function weightedFormat(rng: Rng, formats: readonly StoreFormat[]): StoreFormat {
  let roll = rng.next();
  for (const f of formats) {
    roll -= f.share;
    if (roll < 0) return f;
  }
  return formats[formats.length - 1]!;
}

const daysAgo = (today: Date, days: number) => new Date(today.getTime() - days * 86_400_000);

function planStores(rng: Rng, plan: BrandStoresPlan, brandId: string, today: Date): PlannedStore[] {
  const countryList = Object.keys(plan.countries) as CountryCode[];
  const usedNames = new Map<string, number>();
  const usedEmails = new Set<string>();
  const planned: PlannedStore[] = [];
  for (let i = 0; i < plan.count; i++) {
    // The first stores walk every country so each one is present whatever the rolls.
    const country = i < countryList.length ? countryList[i]! : weightedCountry(rng, plan.countries);
    const city = rng.pick(CITIES.filter((c) => c.country === country));
    const streetName = rng.pick(city.streets);
    const num = city.country === 'GB' || city.country === 'FR' ? rng.int(1, 240) : rng.int(2, 2900);
    const street = streetLine(city.country, streetName, num);
    const postal = city.postal(rng);
    const format = weightedFormat(rng, plan.formats);
    const seq = i + 1;
    let name = plan.storeName(city, streetName, 100 + seq * 3, format.name);
    const seen = usedNames.get(name) ?? 0;
    usedNames.set(name, seen + 1);
    if (seen > 0) name = `${name} ${['', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'][seen] ?? seen + 1}`;
    const status: TStoreStatus = i < countryList.length ? 'approved' : rng.pick(STORE_STATUSES_WEIGHTED);
    const refId = `${plan.refPrefix}-${pad(seq, 5)}`;
    const language = LANGUAGE_OF[city.country];
    const userCount = rng.int(2, 9);
    const users: PlannedStore['users'] = [];
    for (let u = 0; u < userCount; u++) {
      const first = rng.pick(FIRST_NAMES[language]);
      const last = rng.pick(LAST_NAMES[language]);
      let email = `${asciiSlug(first)}.${asciiSlug(last)}@${plan.emailDomain}`;
      for (let n = 2; usedEmails.has(email); n++)
        email = `${asciiSlug(first)}.${asciiSlug(last)}${n}@${plan.emailDomain}`;
      usedEmails.add(email);
      users.push({ name: `${first} ${last}`, email, role: u === 0 ? 'manager' : 'employee' });
    }
    planned.push({
      refId,
      city,
      format: format.name,
      status,
      users,
      values: {
        brandId,
        name,
        street,
        city: city.name,
        region: city.region,
        postalCode: postal,
        countryCode: city.country,
        formattedAddress: formatAddress(city, street, postal),
        // Within a few kilometres of the city centre.
        lat: Math.round((city.lat + (rng.next() - 0.5) * 0.12) * 1e6) / 1e6,
        lng: Math.round((city.lng + (rng.next() - 0.5) * 0.16) * 1e6) / 1e6,
        status,
        refId,
        externalStoreId: rng.chance(0.3) ? `POS-${pad(rng.int(1, 999_999), 6)}` : null,
        weight: rng.int(1, 100),
        totalUsers: users.length,
        createdAt: daysAgo(today, rng.int(40, 1100)),
      },
    });
  }
  return planned;
}

interface BrandReach {
  groups: number;
  stores: number;
  users: number;
}

// PGlite and PostgreSQL both cap a statement at 65 535 parameters.
async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seedStores(
  db: DbOrTx,
  rng: Rng,
  brandIds: Record<DemoBrandKey, string>,
  today: Date,
): Promise<Map<DemoBrandKey, BrandReach>> {
  const reach = new Map<DemoBrandKey, BrandReach>();
  const planned = STORE_PLANS.map((plan) => ({ plan, stores: planStores(rng, plan, brandIds[plan.brand], today) }));
  const allStores = planned.flatMap((p) => p.stores);
  const storeIdByKey = new Map<string, number>();
  await insertInChunks(allStores, 1000, async (chunk) => {
    const rows = await db
      .insert(stores)
      .values(chunk.map((s) => s.values))
      .returning({ id: stores.id, brandId: stores.brandId, refId: stores.refId });
    for (const r of rows) storeIdByKey.set(`${r.brandId}|${r.refId}`, r.id);
  });
  const storeId = (brandId: string, s: PlannedStore) => {
    const id = storeIdByKey.get(`${brandId}|${s.refId}`);
    if (id === undefined) throw new Error(`store ${s.refId} was not inserted`);
    return id;
  };

  const userRows: (typeof storeUsers.$inferInsert)[] = [];
  const groupRows: (typeof storeGroups.$inferInsert)[] = [];
  const memberPlan: { brandId: string; group: string; stores: PlannedStore[] }[] = [];
  for (const { plan, stores: brandStores } of planned) {
    const brandId = brandIds[plan.brand];
    for (const s of brandStores) {
      const id = storeId(brandId, s);
      for (const u of s.users)
        userRows.push({
          brandId,
          storeId: id,
          name: u.name,
          email: u.email,
          role: u.role,
          createdAt: s.values.createdAt,
        });
    }
    const groupDefs = [
      ...Object.keys(plan.countries).map((code) => ({
        name: COUNTRY_NAMES[code as CountryCode],
        status: 'approved' as TStoreStatus,
        matches: (s: PlannedStore) => s.city.country === code,
      })),
      ...plan.formats.map((f) => ({
        name: f.group,
        status: 'approved' as TStoreStatus,
        matches: (s: PlannedStore) => s.format === f.name,
      })),
      ...plan.groups.map((g) => ({ name: g.name, status: g.status ?? 'approved', matches: g.matches })),
    ];
    let weight = 0;
    let approvedGroups = 0;
    for (const def of groupDefs) {
      const members = brandStores.filter(def.matches);
      // Skip duplicates (a single-format brand's format group equals its country group) and empty groups.
      if (members.length === 0 || memberPlan.some((m) => m.brandId === brandId && m.group === def.name)) continue;
      weight += 1;
      if (def.status === 'approved') approvedGroups += 1;
      groupRows.push({
        brandId,
        name: def.name,
        status: def.status,
        weight,
        createdAt: daysAgo(today, 30 + weight * 7),
      });
      memberPlan.push({ brandId, group: def.name, stores: members });
    }
    const approved = brandStores.filter((s) => s.status === 'approved');
    reach.set(plan.brand, {
      groups: approvedGroups,
      stores: approved.length,
      users: approved.reduce((sum, s) => sum + s.users.length, 0),
    });
  }
  await insertInChunks(userRows, 2000, (chunk) => db.insert(storeUsers).values(chunk));

  const groups = await db
    .insert(storeGroups)
    .values(groupRows)
    .returning({ id: storeGroups.id, brandId: storeGroups.brandId, name: storeGroups.name });
  const groupId = new Map(groups.map((g) => [`${g.brandId}|${g.name}`, g.id]));
  const memberRows: (typeof storeGroupMembers.$inferInsert)[] = [];
  for (const m of memberPlan) {
    const gid = groupId.get(`${m.brandId}|${m.group}`);
    if (gid === undefined) throw new Error(`group ${m.group} was not inserted`);
    for (const s of m.stores) memberRows.push({ brandId: m.brandId, groupId: gid, storeId: storeId(m.brandId, s) });
  }
  await insertInChunks(memberRows, 3000, (chunk) => db.insert(storeGroupMembers).values(chunk));
  return reach;
}

// ---------------------------------------------------------------- missions

type ItemSpec =
  | { kind: 'option'; title: string; sku: string }
  | { kind: 'question'; title: string; options: readonly string[]; correct: number }
  | { kind: 'field'; title: string; fieldType: TFormFieldType; required: boolean; choices?: readonly string[] };

interface MissionSpec {
  title: string;
  description: string;
  type: TMissionType;
  itemSold?: boolean;
  status: TMissionStatus;
  items: readonly ItemSpec[];
}

const product = (title: string, sku: string): ItemSpec => ({ kind: 'option', title, sku });
const question = (title: string, options: readonly string[], correct: number): ItemSpec => ({
  kind: 'question',
  title,
  options,
  correct,
});
const field = (title: string, fieldType: TFormFieldType, required = true, choices?: readonly string[]): ItemSpec =>
  choices ? { kind: 'field', title, fieldType, required, choices } : { kind: 'field', title, fieldType, required };

const BRIGHTSIDE_PRODUCTS = [
  product('Sparkling Lemon 330ml', 'BSB-SPL-330'),
  product('Sparkling Lime 330ml', 'BSB-SPM-330'),
  product('Sparkling Grapefruit 330ml', 'BSB-SPG-330'),
  product('Cold Brew Coffee 250ml', 'BSB-CBC-250'),
  product('Cold Brew Oat Latte 250ml', 'BSB-CBO-250'),
  product('Ginger Kombucha 500ml', 'BSB-KGI-500'),
  product('Mango Iced Tea 500ml', 'BSB-ITM-500'),
  product('Still Spring Water 1.5L', 'BSB-SSW-1500'),
] as const;
const bp = (...indexes: number[]) => indexes.map((i) => BRIGHTSIDE_PRODUCTS[i]!);

const MISSION_SPECS: Partial<Record<DemoBrandKey, readonly MissionSpec[]>> = {
  owner: [
    {
      title: 'Sell the Sparkling range',
      description: 'Log every Sparkling can you sell this month.',
      type: 'contest',
      itemSold: true,
      status: 'ready',
      items: bp(0, 1, 2),
    },
    {
      title: 'Cold brew bundle challenge',
      description: 'Pair a cold brew with a snack and log the sale.',
      type: 'contest',
      itemSold: true,
      status: 'ready',
      items: bp(3, 4),
    },
    {
      title: 'Summer lineup sales race',
      description: 'Every bottle of the summer lineup counts.',
      type: 'contest',
      itemSold: true,
      status: 'pending_launch',
      items: bp(0, 1, 5, 6, 7),
    },
    {
      title: 'Weekend sampling push',
      description: 'Sell the flavours you sampled on Saturday.',
      type: 'contest',
      itemSold: true,
      status: 'incomplete',
      items: bp(5, 6),
    },
    {
      title: 'Best in-store display',
      description: 'Build an eye-catching Brightside display and share a photo.',
      type: 'contest',
      status: 'ready',
      items: [field('Photo of your display', 'photo'), field('What makes it stand out?', 'text', false)],
    },
    {
      title: 'Meet the Sparkling range',
      description: 'Five minutes on the flavours, sizes and serving tips of the Sparkling range.',
      type: 'learning',
      status: 'ready',
      items: [
        question('How many calories in a can of Sparkling Lemon?', ['0', '45', '90', '140'], 1),
        question('What is the best serving temperature?', ['Room temperature', '4–6 °C', 'Frozen', '12–14 °C'], 1),
        question(
          'Which flavour launched this spring?',
          ['Sparkling Lime', 'Sparkling Grapefruit', 'Sparkling Lemon'],
          1,
        ),
        question('Sparkling cans are…', ['Glass', '100% recyclable aluminium', 'PET plastic'], 1),
      ],
    },
    {
      title: 'Cold brew 101',
      description: 'How our cold brew is made and who it is for.',
      type: 'learning',
      status: 'ready',
      items: [
        question('How long do we steep our cold brew?', ['10 minutes', '2 hours', '18 hours', '3 days'], 2),
        question('The oat latte is…', ['Dairy-free', 'Sugar-free', 'Caffeine-free'], 0),
        question('Where should cold brew be shelved?', ['Ambient aisle', 'Chiller', 'Freezer'], 1),
      ],
    },
    {
      title: 'Responsible selling basics',
      description: 'Caffeine guidance and who not to sell energy drinks to.',
      type: 'learning',
      status: 'incomplete',
      items: [
        question('Maximum caffeine advised per day for adults?', ['100 mg', '400 mg', '1 000 mg'], 1),
        question('Energy drinks may be sold to under-16s.', ['True', 'False'], 1),
      ],
    },
    {
      title: 'Kombucha: from tea to bottle',
      description: 'Fermentation, live cultures and storage of our kombucha.',
      type: 'learning',
      status: 'pending_launch',
      items: [
        question('Kombucha is fermented…', ['Coffee', 'Tea', 'Fruit juice'], 1),
        question('Why must kombucha stay chilled?', ['Taste only', 'Live cultures keep fermenting', 'Label rules'], 1),
        question('What gives Ginger Kombucha its kick?', ['Chilli', 'Fresh ginger root', 'Pepper'], 1),
      ],
    },
    {
      title: 'Shelf check: cooler placement',
      description: 'Show us where Brightside sits in your cooler.',
      type: 'general',
      status: 'ready',
      items: [
        field('Photo of the cooler', 'photo'),
        field('Shelf position', 'choice', true, ['Eye level', 'Top shelf', 'Bottom shelf', 'Not in cooler']),
        field('Facings of Sparkling Lemon', 'number'),
      ],
    },
    {
      title: 'Price tag audit',
      description: 'Check the shelf prices match this month’s promotion.',
      type: 'general',
      status: 'ready',
      items: [
        field('Shelf price of Sparkling Lemon 330ml', 'number'),
        field('Photo of the price tags', 'photo'),
        field('Anything wrong?', 'text', false),
      ],
    },
    {
      title: 'New store opening checklist',
      description: 'Everything a new Brightside corner needs on day one.',
      type: 'general',
      status: 'incomplete',
      items: [
        field('Photo of the opening display', 'photo'),
        field('Stock delivered complete?', 'choice', true, ['Yes', 'No, items missing']),
      ],
    },
    {
      title: 'Snap your Brightside moment',
      description: 'Share a photo of you enjoying a Brightside drink.',
      type: 'consumer',
      status: 'ready',
      items: [field('Your photo', 'photo'), field('Caption', 'text', false)],
    },
    {
      title: 'Vote for the flavour of the year',
      description: 'Tell us which flavour deserves the crown.',
      type: 'consumer',
      status: 'ready',
      items: [
        field('Your favourite', 'choice', true, [
          'Sparkling Lemon',
          'Mango Iced Tea',
          'Ginger Kombucha',
          'Cold Brew Oat Latte',
        ]),
        field('Why?', 'text', false),
      ],
    },
    {
      title: 'Scan your receipt',
      description: 'Upload a receipt with any Brightside drink on it.',
      type: 'consumer',
      status: 'incomplete',
      items: [field('Photo of the receipt', 'photo')],
    },
  ],
  retailer: [
    {
      title: 'Top seller of the month',
      description: 'Log the featured items you sell; the best seller wins.',
      type: 'contest',
      itemSold: true,
      status: 'ready',
      items: [
        product('Metro Select Orange Juice 1L', 'MM-OJ-1000'),
        product('Peak Snacks Sea Salt Chips 150g', 'PKS-SSC-150'),
        product('Sparkling Lemon 330ml', 'BSB-SPL-330'),
        product('Metro Select Granola 500g', 'MM-GRA-500'),
      ],
    },
    {
      title: 'Partner brands sales race',
      description: 'Sales of our partner brands’ products, store against store.',
      type: 'contest',
      itemSold: true,
      status: 'ready',
      items: [
        product('Peak Snacks Sea Salt Chips 150g', 'PKS-SSC-150'),
        product('Peak Snacks Pretzel Bites 200g', 'PKS-PRB-200'),
        product('Cold Brew Coffee 250ml', 'BSB-CBC-250'),
      ],
    },
    {
      title: 'Endcap display contest',
      description: 'Build the best seasonal endcap in the chain.',
      type: 'contest',
      status: 'ready',
      items: [field('Photo of the endcap', 'photo'), field('Theme of the display', 'text')],
    },
    {
      title: 'Food safety refresher',
      description: 'Cold chain and date labelling in three questions.',
      type: 'learning',
      status: 'ready',
      items: [
        question('Chilled food must be kept below…', ['8 °C', '5 °C', '12 °C'], 1),
        question('“Use by” means…', ['Best quality before', 'Unsafe after', 'Display until'], 1),
        question('Who may remove expired stock?', ['Any team member', 'Only the manager', 'Only suppliers'], 0),
      ],
    },
    {
      title: 'Pitching the loyalty card',
      description: 'What to say at the till to sign up a new member.',
      type: 'learning',
      status: 'incomplete',
      items: [
        question('New members get…', ['5% off the first shop', 'A free bag', 'Nothing'], 0),
        question('The card is free.', ['True', 'False'], 0),
      ],
    },
    {
      title: 'Weekly store walk',
      description: 'A ten-minute walk of the store every Monday morning.',
      type: 'general',
      status: 'ready',
      items: [
        field('Aisles blocked?', 'choice', true, ['None', 'One', 'More than one']),
        field('Photo of the entrance', 'photo'),
        field('Notes', 'text', false),
      ],
    },
    {
      title: 'Out-of-stock report',
      description: 'Report empty shelves before the delivery window.',
      type: 'general',
      status: 'pending_launch',
      items: [field('Number of empty facings', 'number'), field('Photo of the gap', 'photo')],
    },
  ],
  partner: [
    {
      title: 'Crunch time sales',
      description: 'Every bag of Peak Snacks sold counts.',
      type: 'contest',
      itemSold: true,
      status: 'ready',
      items: [
        product('Peak Snacks Sea Salt Chips 150g', 'PKS-SSC-150'),
        product('Peak Snacks Pretzel Bites 200g', 'PKS-PRB-200'),
        product('Peak Snacks Trail Mix 250g', 'PKS-TRM-250'),
      ],
    },
    {
      title: 'Snack aisle photo check',
      description: 'Show us the Peak Snacks shelf in your store.',
      type: 'general',
      status: 'ready',
      items: [field('Photo of the shelf', 'photo'), field('Facings', 'number')],
    },
  ],
};

interface SeededMission {
  id: number;
  spec: MissionSpec;
  itemCount: number;
}

function itemData(item: ItemSpec): Record<string, unknown> {
  switch (item.kind) {
    case 'option':
      return { sku: item.sku };
    case 'question': {
      const options = item.options.map((text, i) => ({ id: String.fromCharCode(97 + i), text }));
      return { options, correctOptionId: options[item.correct]?.id ?? 'a' };
    }
    case 'field':
      return item.choices
        ? { fieldType: item.fieldType, required: item.required, choices: [...item.choices] }
        : { fieldType: item.fieldType, required: item.required };
  }
}

async function seedMissions(
  db: DbOrTx,
  brandIds: Record<DemoBrandKey, string>,
  today: Date,
): Promise<Map<DemoBrandKey, SeededMission[]>> {
  const entries = (Object.entries(MISSION_SPECS) as [DemoBrandKey, readonly MissionSpec[]][]).flatMap(
    ([brand, specs]) => specs.map((spec, i) => ({ brand, spec, createdAt: daysAgo(today, 200 - i * 9) })),
  );
  const rows = await db
    .insert(missions)
    .values(
      entries.map(({ brand, spec, createdAt }) => ({
        brandId: brandIds[brand],
        title: spec.title,
        description: spec.description,
        imageUrl: null,
        type: spec.type,
        subtype: spec.itemSold ? ('itemSold' as const) : ('standard' as const),
        status: spec.status,
        isCompleteFill: spec.status !== 'incomplete',
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .returning({ id: missions.id, brandId: missions.brandId, title: missions.title });
  const idOf = new Map(rows.map((r) => [`${r.brandId}|${r.title}`, r.id]));
  const byBrand = new Map<DemoBrandKey, SeededMission[]>();
  const itemRows: (typeof missionItems.$inferInsert)[] = [];
  for (const { brand, spec } of entries) {
    const brandId = brandIds[brand];
    const id = idOf.get(`${brandId}|${spec.title}`);
    if (id === undefined) throw new Error(`mission ${spec.title} was not inserted`);
    spec.items.forEach((item, order) =>
      itemRows.push({ brandId, missionId: id, kind: item.kind, title: item.title, order, data: itemData(item) }),
    );
    const list = byBrand.get(brand) ?? [];
    list.push({ id, spec, itemCount: spec.items.length });
    byBrand.set(brand, list);
  }
  await db.insert(missionItems).values(itemRows);
  return byBrand;
}

// ---------------------------------------------------------------- campaigns

type RewardSpec =
  | {
      type: 'money';
      title: string;
      amountCents: number;
      budgetCents: number;
      completionsToUnlock?: number;
      missionScoped?: boolean;
    }
  | { type: 'prize'; title: string; description: string; valueCents: number; totalAvailable: number }
  | {
      type: 'discount';
      title: string;
      description: string;
      percentageDiscount: number;
      linkToShop: string;
      codes: number;
    }
  | { type: 'free_product'; title: string; description: string; codes: number; maxPerUser?: number }
  | { type: 'gift_card'; title: string; description: string; amountCents: number; codes: number };

interface CampaignSpec {
  brand: DemoBrandKey;
  name: string;
  type: TCampaignType;
  status: TCampaignStatus;
  shared?: boolean;
  partner?: TInviteStatus;
  progress?: number;
  timeZone?: string;
  /** Titles of the brand's library missions placed in the campaign, in order. */
  missions: readonly string[];
  rewards: readonly RewardSpec[];
  /** Days from today; drafts without one get no dates. */
  startInDays?: number;
  lengthDays?: number;
  createdDaysAgo: number;
  /** Countries a non-draft consumer campaign reaches (default US and Canada). */
  countries?: readonly CountryCode[];
}

/** The places, codes and names of the countries, as a consumer launch stores them. */
function consumerReach(codes: readonly CountryCode[]) {
  return {
    countryCodes: [...codes],
    selectedPlacesIds: codes.map((code) => `country:${code}`),
    selectedCountries: codes.map((code) => ({ name: COUNTRY_NAMES[code], code, placeId: `country:${code}` })),
  };
}

const NY = 'America/New_York';
const MADRID = 'Europe/Madrid';
const MEXICO = 'America/Mexico_City';

const money = (title: string, amountCents: number, budgetCents: number, completionsToUnlock = 1): RewardSpec => ({
  type: 'money',
  title,
  amountCents,
  budgetCents,
  completionsToUnlock,
});
const prize = (title: string, description: string, valueCents: number, totalAvailable: number): RewardSpec => ({
  type: 'prize',
  title,
  description,
  valueCents,
  totalAvailable,
});
const discount = (percentageDiscount: number, description: string, codes = 6): RewardSpec => ({
  type: 'discount',
  title: `${percentageDiscount}% off your next order`,
  description,
  percentageDiscount,
  linkToShop: 'https://shop.brightside.example/offers',
  codes,
});

const CAMPAIGN_SPECS: readonly CampaignSpec[] = [
  // Brightside: every type in every status.
  {
    brand: 'owner',
    name: 'Shelf check Q3 (cooler audit)',
    type: 'general',
    status: 'draft',
    progress: 33,
    missions: ['Shelf check: cooler placement'],
    rewards: [],
    createdDaysAgo: 2,
  },
  {
    brand: 'owner',
    name: 'Back-to-school shelf reset',
    type: 'general',
    status: 'scheduled',
    missions: ['Shelf check: cooler placement', 'Price tag audit'],
    rewards: [money('$5 per completed shelf reset', 500, 100_000)],
    startInDays: 12,
    lengthDays: 21,
    createdDaysAgo: 9,
  },
  {
    brand: 'owner',
    name: 'Summer price tag audit',
    type: 'general',
    status: 'rejected',
    missions: ['Price tag audit'],
    rewards: [money('$3 per audit', 300, 50_000)],
    startInDays: 20,
    lengthDays: 14,
    createdDaysAgo: 15,
  },
  {
    brand: 'owner',
    name: 'Cooler check every Monday',
    type: 'general',
    status: 'active',
    missions: ['Shelf check: cooler placement', 'Price tag audit'],
    rewards: [
      money('$4 per cooler check', 400, 120_000),
      // A code every demo store user can still win at /play after the seeded activity took its first ones.
      {
        type: 'free_product',
        title: 'A free Cold Brew per check',
        description: 'Show the code at the staff fridge for a can of Cold Brew.',
        codes: 300,
        maxPerUser: 20,
      },
    ],
    startInDays: -6,
    lengthDays: 35,
    createdDaysAgo: 20,
  },
  {
    brand: 'owner',
    name: 'Spring store opening checklist',
    type: 'general',
    status: 'ended',
    timeZone: MADRID,
    missions: ['Shelf check: cooler placement'],
    rewards: [money('€5 per store opened', 500, 40_000)],
    startInDays: -95,
    lengthDays: 30,
    createdDaysAgo: 110,
  },

  {
    brand: 'owner',
    name: 'Summer sales sprint',
    type: 'contest',
    status: 'draft',
    progress: 67,
    missions: ['Sell the Sparkling range', 'Cold brew bundle challenge'],
    rewards: [prize('Weekend getaway for two', 'Two nights in a boutique hotel for the top seller.', 80_000, 1)],
    createdDaysAgo: 1,
  },
  {
    brand: 'owner',
    name: 'Holiday multipack drive',
    type: 'contest',
    status: 'scheduled',
    missions: ['Summer lineup sales race'],
    rewards: [
      prize('Noise-cancelling headphones', 'For each of the three best sellers.', 25_000, 3),
      money('$2 per multipack sold', 200, 200_000, 5),
    ],
    startInDays: 25,
    lengthDays: 30,
    createdDaysAgo: 12,
  },
  {
    brand: 'owner',
    name: 'Weekend sampling blitz',
    type: 'contest',
    status: 'rejected',
    missions: ['Weekend sampling push'],
    rewards: [prize('Brightside hoodie', 'A limited-edition hoodie for the top 20 stores.', 6_000, 20)],
    startInDays: 8,
    lengthDays: 3,
    createdDaysAgo: 18,
  },
  {
    brand: 'owner',
    name: 'Cold brew bundle challenge',
    type: 'contest',
    status: 'active',
    missions: ['Cold brew bundle challenge', 'Best in-store display'],
    rewards: [
      prize('Espresso machine', 'A home espresso machine for the top seller.', 45_000, 1),
      money('$1 per bundle sold', 100, 300_000),
    ],
    startInDays: -10,
    lengthDays: 30,
    createdDaysAgo: 24,
  },
  {
    brand: 'owner',
    name: 'Sparkling Lemon launch race',
    type: 'contest',
    status: 'ended',
    missions: ['Sell the Sparkling range'],
    rewards: [prize('Concert tickets', 'Two tickets to a summer concert for the top 5 sellers.', 15_000, 5)],
    startInDays: -120,
    lengthDays: 45,
    createdDaysAgo: 140,
  },
  {
    brand: 'owner',
    name: 'Mexico summer sales contest',
    type: 'contest',
    status: 'active',
    timeZone: MEXICO,
    missions: ['Sell the Sparkling range'],
    rewards: [money('MX$50 per 10 cans sold', 5_000, 500_000, 10)],
    startInDays: -3,
    lengthDays: 28,
    createdDaysAgo: 11,
  },
  {
    brand: 'owner',
    name: 'Store vs store: Q4 showdown',
    type: 'contest',
    status: 'draft',
    progress: 0,
    missions: [],
    rewards: [],
    createdDaysAgo: 0,
  },

  {
    brand: 'owner',
    name: 'Kombucha know-how',
    type: 'learning',
    status: 'draft',
    progress: 50,
    missions: ['Kombucha: from tea to bottle'],
    rewards: [],
    createdDaysAgo: 4,
  },
  {
    brand: 'owner',
    name: 'Cold brew 101 for new hires',
    type: 'learning',
    status: 'scheduled',
    missions: ['Cold brew 101'],
    rewards: [money('$10 for passing the quiz', 1_000, 80_000)],
    startInDays: 5,
    lengthDays: 60,
    createdDaysAgo: 6,
  },
  {
    brand: 'owner',
    name: 'Responsible selling refresher',
    type: 'learning',
    status: 'rejected',
    missions: ['Responsible selling basics'],
    rewards: [money('$5 for passing', 500, 30_000)],
    startInDays: 15,
    lengthDays: 30,
    createdDaysAgo: 16,
  },
  {
    brand: 'owner',
    name: 'Product training',
    type: 'learning',
    status: 'active',
    missions: ['Meet the Sparkling range', 'Cold brew 101'],
    rewards: [
      { type: 'money', title: '$8 per passed module', amountCents: 800, budgetCents: 150_000, missionScoped: true },
    ],
    startInDays: -14,
    lengthDays: 60,
    createdDaysAgo: 30,
  },
  {
    brand: 'owner',
    name: 'Meet the Sparkling range',
    type: 'learning',
    status: 'ended',
    timeZone: MADRID,
    missions: ['Meet the Sparkling range'],
    rewards: [
      {
        type: 'gift_card',
        title: '€10 gift card',
        description: 'Spend it in any partner store.',
        amountCents: 1_000,
        codes: 8,
      },
    ],
    startInDays: -80,
    lengthDays: 30,
    createdDaysAgo: 90,
  },

  {
    brand: 'owner',
    name: 'Share your Brightside moment',
    type: 'consumer',
    status: 'draft',
    progress: 75,
    missions: ['Snap your Brightside moment'],
    rewards: [discount(15, 'Fifteen percent off your next online order.')],
    createdDaysAgo: 3,
  },
  {
    brand: 'owner',
    name: 'Taste the new Mango Iced Tea',
    type: 'consumer',
    status: 'scheduled',
    missions: ['Vote for the flavour of the year'],
    rewards: [
      {
        type: 'free_product',
        title: 'A free Mango Iced Tea',
        description: 'Redeem in any participating store.',
        codes: 10,
      },
    ],
    startInDays: 18,
    lengthDays: 30,
    createdDaysAgo: 8,
  },
  {
    brand: 'owner',
    name: 'Receipt scan cashback',
    type: 'consumer',
    status: 'rejected',
    missions: ['Snap your Brightside moment'],
    rewards: [discount(10, 'Ten percent off your next order.', 4)],
    startInDays: 10,
    lengthDays: 20,
    createdDaysAgo: 14,
  },
  {
    brand: 'owner',
    name: 'Summer selfie giveaway',
    type: 'consumer',
    status: 'active',
    missions: ['Snap your Brightside moment'],
    rewards: [
      discount(20, 'Twenty percent off your next online order.', 200),
      prize('Year of Brightside', '52 cases delivered over a year, for one lucky winner.', 60_000, 1),
    ],
    startInDays: -8,
    lengthDays: 40,
    createdDaysAgo: 22,
  },
  {
    brand: 'owner',
    name: 'Flavour of the year vote',
    type: 'consumer',
    status: 'ended',
    missions: ['Vote for the flavour of the year'],
    rewards: [discount(25, 'Twenty-five percent off, thanks for voting.', 5)],
    startInDays: -60,
    lengthDays: 21,
    createdDaysAgo: 70,
  },
  {
    brand: 'owner',
    name: 'Holiday gifting (draft)',
    type: 'consumer',
    status: 'draft',
    progress: 100,
    timeZone: MADRID,
    missions: ['Vote for the flavour of the year'],
    rewards: [discount(30, 'Thirty percent off gift packs.', 3)],
    startInDays: 40,
    lengthDays: 20,
    createdDaysAgo: 5,
  },

  // Metro Mart: contests incl. shared ones with Peak Snacks, and campaigns in draft/active/ended.
  {
    brand: 'retailer',
    name: 'Partner brands sales race',
    type: 'contest',
    status: 'draft',
    shared: true,
    partner: 'SENT',
    progress: 100,
    missions: ['Partner brands sales race'],
    // Peak Snacks is asked to put $500 into the per-item bonus: its invite waits for it to fill that reward.
    rewards: [prize('Team pizza party', 'Pizza for the whole team of the winning store.', 30_000, 1), money('$2 per Peak Snacks item sold', 200, 50_000)],
    createdDaysAgo: 2,
  },
  {
    brand: 'retailer',
    name: 'Back-to-school snack showdown',
    type: 'contest',
    status: 'active',
    shared: true,
    partner: 'ACCEPTED',
    missions: ['Partner brands sales race'],
    rewards: [money('$1 per partner item sold', 100, 150_000)],
    startInDays: -4,
    lengthDays: 28,
    createdDaysAgo: 19,
  },
  {
    brand: 'retailer',
    name: 'Top seller of the month',
    type: 'contest',
    status: 'active',
    missions: ['Top seller of the month'],
    rewards: [prize('Extra day off', 'A paid day off for the best seller.', 20_000, 1)],
    startInDays: -12,
    lengthDays: 30,
    createdDaysAgo: 25,
  },
  {
    brand: 'retailer',
    name: 'Spring endcap contest',
    type: 'contest',
    status: 'ended',
    missions: ['Endcap display contest'],
    rewards: [prize('Store team dinner', 'Dinner for the team with the best endcap.', 40_000, 1)],
    startInDays: -100,
    lengthDays: 30,
    createdDaysAgo: 115,
  },
  {
    brand: 'retailer',
    name: 'Food safety refresher',
    type: 'learning',
    status: 'active',
    missions: ['Food safety refresher'],
    rewards: [money('$5 for passing', 500, 40_000)],
    startInDays: -20,
    lengthDays: 90,
    createdDaysAgo: 28,
  },
  {
    brand: 'retailer',
    name: 'Weekly store walk',
    type: 'general',
    status: 'draft',
    progress: 25,
    missions: ['Weekly store walk'],
    rewards: [],
    createdDaysAgo: 1,
  },
  {
    brand: 'retailer',
    name: 'Holiday out-of-stock watch',
    type: 'general',
    status: 'ended',
    missions: ['Out-of-stock report'],
    rewards: [money('$2 per report', 200, 20_000)],
    startInDays: -70,
    lengthDays: 40,
    createdDaysAgo: 80,
  },

  {
    brand: 'partner',
    name: 'Crunch time',
    type: 'contest',
    status: 'active',
    missions: ['Crunch time sales'],
    rewards: [prize('Peak Snacks hamper', 'A hamper of every Peak Snacks flavour.', 7_500, 10)],
    startInDays: -5,
    lengthDays: 21,
    createdDaysAgo: 12,
  },
  {
    brand: 'partner',
    name: 'Snack aisle photo check',
    type: 'general',
    status: 'draft',
    progress: 50,
    missions: ['Snack aisle photo check'],
    rewards: [],
    createdDaysAgo: 3,
  },

  {
    brand: 'outlet',
    name: 'Outlet clearance push',
    type: 'general',
    status: 'draft',
    progress: 25,
    missions: [],
    rewards: [],
    createdDaysAgo: 6,
  },
];

const CONTEST_VARIANTS: readonly TContestSettings[] = [
  {
    type: 'user',
    displayLeaderboard: true,
    rankLeadersBasedOn: 'sales_amount',
    displayLeadersByUserInfo: true,
    displayLeadersByStoreInfo: true,
    displayLeadersByNumberSubmissions: false,
    displayLeadersByTotalSalesAmount: true,
    rulesAndRegulations: { useCustom: false, customUrl: '' },
  },
  {
    type: 'store',
    displayLeaderboard: true,
    rankLeadersBasedOn: 'numbers_submissions',
    displayLeadersByUserInfo: false,
    displayLeadersByStoreInfo: true,
    displayLeadersByNumberSubmissions: true,
    displayLeadersByTotalSalesAmount: false,
    rulesAndRegulations: { useCustom: true, customUrl: 'https://rally.example/rules/store-contest' },
  },
];

const CODE_REWARDS: readonly TRewardType[] = ['discount', 'free_product', 'gift_card'];

function finishCriteriaOf(spec: CampaignSpec): TFinishCriterion[] {
  const criteria: TFinishCriterion[] = ['days_over'];
  if (spec.rewards.some((r) => r.type === 'money') && spec.type === 'contest') criteria.push('budget_over');
  if (spec.rewards.some((r) => CODE_REWARDS.includes(r.type)) && spec.status !== 'draft') criteria.push('codes_over');
  return criteria;
}

async function seedCampaigns(
  db: DbOrTx,
  rng: Rng,
  brandIds: Record<DemoBrandKey, string>,
  today: Date,
  reach: Map<DemoBrandKey, BrandReach>,
  library: Map<DemoBrandKey, SeededMission[]>,
): Promise<void> {
  const day = 86_400_000;
  // Campaigns start mid-morning New York time rather than at midnight UTC.
  const at = (days: number) => new Date(today.getTime() + days * day + 14 * 3_600_000);
  const planned = CAMPAIGN_SPECS.map((spec) => {
    const brandId = brandIds[spec.brand];
    const launched = spec.status === 'active' || spec.status === 'ended';
    const startDate = spec.startInDays === undefined ? null : at(spec.startInDays);
    const endDate =
      startDate && spec.lengthDays !== undefined ? new Date(startDate.getTime() + spec.lengthDays * day) : null;
    const createdAt = new Date(today.getTime() - spec.createdDaysAgo * day + rng.int(8, 18) * 3_600_000);
    const brandReach =
      spec.status === 'draft'
        ? { groups: 0, stores: 0, users: 0 }
        : (reach.get(spec.brand) ?? { groups: 0, stores: 0, users: 0 });
    const values: typeof campaigns.$inferInsert = {
      brandId,
      publicUid: newPublicUid(),
      name: spec.name,
      type: spec.type,
      status: spec.status,
      sharedCampaign: spec.shared ?? false,
      finishCriteria: finishCriteriaOf(spec),
      startDate,
      endDate,
      timeZone: spec.timeZone ?? NY,
      completionProgress: spec.status === 'draft' ? (spec.progress ?? 0) : 100,
      reachGroups: brandReach.groups,
      reachStores: brandReach.stores,
      reachUsers: brandReach.users,
      scopeType: 'all',
      // A launched consumer campaign reaches countries (product rule R13).
      ...(spec.type === 'consumer' && spec.status !== 'draft' ? consumerReach(spec.countries ?? ['US', 'CA']) : {}),
      createdAt,
      updatedAt: new Date(createdAt.getTime() + rng.int(1, 48) * 3_600_000),
      launchedAt: launched ? startDate : null,
      endedAt: spec.status === 'ended' ? endDate : null,
      version: rng.int(1, 9),
    };
    return { spec, values };
  });
  const inserted = await db
    .insert(campaigns)
    .values(planned.map((p) => p.values))
    .returning({ id: campaigns.id, publicUid: campaigns.publicUid });
  const idByUid = new Map(inserted.map((r) => [r.publicUid, r.id]));

  const missionRows: (typeof campaignMissions.$inferInsert)[] = [];
  const rewardRows: (typeof rewards.$inferInsert)[] = [];
  const partnerRows: (typeof campaignPartners.$inferInsert)[] = [];
  const codePlan: { key: string; brandId: string; codes: number; issued: boolean }[] = [];
  const sharedRewardPlan: {
    key: string;
    brandId: string;
    partnerBrandId: string;
    budgetCents: number;
    filled: boolean;
    /** Launched: the partner paid its share then. */
    paid: boolean;
  }[] = [];

  for (const [index, { spec, values }] of planned.entries()) {
    const campaignId = idByUid.get(values.publicUid);
    if (campaignId === undefined) throw new Error(`campaign ${spec.name} was not inserted`);
    const brandId = values.brandId;
    const brandMissions = library.get(spec.brand) ?? [];
    const placed = spec.missions.map((title) => {
      const m = brandMissions.find((x) => x.spec.title === title);
      if (!m) throw new Error(`campaign ${spec.name} names unknown mission ${title}`);
      return m;
    });
    placed.forEach((m, order) => {
      const isContest = spec.type === 'contest';
      const sharedData: TSharedDataOption[] = isContest
        ? SHARED_DATA_OPTIONS.filter((_, i) => (spec.shared ? i % 2 === 0 || i === 7 : i === 0 || i === 7))
        : [];
      missionRows.push({
        brandId,
        campaignId,
        missionId: m.id,
        order,
        maxEntriesPerUser: spec.type === 'consumer' ? 1 : isContest ? null : rng.pick([null, 1, 3, 5]),
        maxEntriesPerStore: spec.type === 'consumer' ? 0 : isContest ? null : rng.pick([null, 0, 10]),
        contest: isContest ? CONTEST_VARIANTS[(index + order) % CONTEST_VARIANTS.length]! : null,
        passingGrade: spec.type === 'learning' ? Math.max(1, m.itemCount - (order % 2)) : null,
        sharedData,
      });
    });

    const codesEnd = values.endDate ?? at(60);
    spec.rewards.forEach((r, i) => {
      // Rewards are found again after the insert by campaign and title.
      const key = `${campaignId}|${r.title}`;
      const paid = spec.status === 'active' || spec.status === 'ended';
      const base: typeof rewards.$inferInsert = {
        brandId,
        campaignId,
        type: r.type,
        title: r.title,
        createdAt: values.createdAt,
        updatedAt: values.updatedAt,
      };
      switch (r.type) {
        case 'money': {
          const firstMission = placed[0];
          rewardRows.push({
            ...base,
            amountCents: r.amountCents,
            budgetCents: r.budgetCents,
            budgetPaidCents: paid ? r.budgetCents : 0,
            completionsToUnlock: r.completionsToUnlock ?? 1,
            isUnlimited: false,
            scope: r.missionScoped && firstMission ? 'mission' : 'campaign',
            missionId: r.missionScoped && firstMission ? firstMission.id : null,
            // A shared contest's money rewards are Peak Snacks' to supply: the whole budget is its proposed share.
            isShared: spec.shared === true && spec.partner !== undefined,
            filledByPartners: spec.shared === true && spec.partner !== undefined,
          });
          if (spec.shared && spec.partner) {
            sharedRewardPlan.push({
              key,
              brandId,
              partnerBrandId: brandIds.partner,
              budgetCents: r.budgetCents,
              filled: spec.partner === 'ACCEPTED',
              paid,
            });
          }
          break;
        }
        case 'prize':
          rewardRows.push({
            ...base,
            description: r.description,
            valueCents: r.valueCents,
            totalAvailable: r.totalAvailable,
            maxPerUser: 1,
            finePrint: 'Winners are announced within 14 days of the end of the campaign. No cash alternative.',
          });
          break;
        case 'discount':
        case 'free_product':
        case 'gift_card':
          rewardRows.push({
            ...base,
            description: r.description,
            autoTitle: r.title,
            percentageDiscount: r.type === 'discount' ? r.percentageDiscount : null,
            linkToShop: r.type === 'discount' ? r.linkToShop : null,
            amountCents: r.type === 'gift_card' ? r.amountCents : null,
            noFinePrint: i % 2 === 0,
            finePrint: i % 2 === 0 ? null : 'One code per customer. Not valid with other offers.',
            ...(r.type === 'free_product' && r.maxPerUser !== undefined ? { maxPerUser: r.maxPerUser } : {}),
            codesFileName: `${r.type}-codes.csv`,
            endDate: codesEnd,
            endTimeZone: values.timeZone ?? NY,
          });
          // Codes are issued by the engine as the demo activity completes missions (demo-activity.ts).
          codePlan.push({ key, brandId, codes: r.codes, issued: false });
          break;
      }
    });

    if (spec.partner) {
      const invitedAt = new Date(values.createdAt!.getTime() + 3_600_000);
      partnerRows.push({
        brandId,
        campaignId,
        partnerBrandId: brandIds.partner,
        inviteStatus: spec.partner,
        order: 0,
        invitedAt,
        respondedAt: spec.partner === 'SENT' ? null : new Date(invitedAt.getTime() + 2 * day),
      });
    }
  }

  if (missionRows.length > 0) await db.insert(campaignMissions).values(missionRows);
  if (partnerRows.length > 0) await db.insert(campaignPartners).values(partnerRows);
  if (rewardRows.length === 0) return;
  const insertedRewards = await db
    .insert(rewards)
    .values(rewardRows)
    .returning({ id: rewards.id, campaignId: rewards.campaignId, title: rewards.title });
  const rewardId = new Map(insertedRewards.map((r) => [`${r.campaignId}|${r.title}`, r.id]));
  const idOfReward = (key: string) => {
    const id = rewardId.get(key);
    if (id === undefined) throw new Error(`reward ${key} was not inserted`);
    return id;
  };

  const codeRows: (typeof rewardCodes.$inferInsert)[] = [];
  for (const plan of codePlan) {
    const rid = idOfReward(plan.key);
    const used = new Set<string>();
    while (used.size < plan.codes) {
      // Codes are digit strings with leading zeros, as brands upload them from spreadsheets.
      const code = pad(rng.int(1, 999_999), 8);
      if (used.has(code)) continue;
      used.add(code);
      const issued = plan.issued && used.size <= Math.ceil(plan.codes / 2);
      codeRows.push({
        brandId: plan.brandId,
        rewardId: rid,
        code,
        issuedAt: issued ? daysAgo(today, rng.int(20, 50)) : null,
      });
    }
  }
  if (codeRows.length > 0) await db.insert(rewardCodes).values(codeRows);

  const rewardPartnerRows = sharedRewardPlan.map((p) => ({
    brandId: p.brandId,
    rewardId: idOfReward(p.key),
    partnerBrandId: p.partnerBrandId,
    budgetCents: p.budgetCents,
    paidCents: p.filled && p.paid ? p.budgetCents : 0,
    fillStatus: p.filled ? ('filled' as const) : ('pending' as const),
  }));
  if (rewardPartnerRows.length > 0) await db.insert(rewardPartners).values(rewardPartnerRows);
}

// ---------------------------------------------------------------- entry point

/** Stores, groups, store users, missions and campaigns for the demo brands. */
export async function seedDemoContent(db: DbOrTx, brandIds: Record<DemoBrandKey, string>): Promise<void> {
  const rng = createRng(20_240_611);
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const reach = await seedStores(db, rng, brandIds, today);
  const library = await seedMissions(db, brandIds, today);
  await seedCampaigns(db, rng, brandIds, today, reach, library);
  await seedWallets(db, brandIds);
  await seedDemoPosImport(db, brandIds);
}

/** Every demo wallet starts with this much, so a money campaign can be launched and paid from a fresh start. */
export const DEMO_WALLET_CREDIT_CENTS = 500_000;
export const DEMO_CREDIT_NOTE = 'demo credit';

/** Credits go through the ledger like any money (its trigger moves the balance); the note marks them as demo money. */
async function seedWallets(db: DbOrTx, brandIds: Record<DemoBrandKey, string>): Promise<void> {
  await db.insert(walletLedger).values(
    Object.values(brandIds).map((brandId) => ({
      brandId,
      kind: 'adjustment' as const,
      amountCents: DEMO_WALLET_CREDIT_CENTS,
      note: DEMO_CREDIT_NOTE,
    })),
  );
}
