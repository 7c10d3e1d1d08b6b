// The links that open a stop's address in a map, on any phone (issue 42): first an https:// link to
// OpenStreetMap, which every browser opens (an iPhone does nothing with a geo: URI), then a geo: URI for
// Android's maps apps. An exact position gives a marker at the door; an approximate one (a postal prefix's
// centre) or none would point at the postal area, so those links search the address text instead.
// Pure: the driver's page and the admin day sheet build their links here.

type MapPlace = {
  /** The pickup's address line ('1430 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3J8'). */
  address: string;
  latitude: number | null;
  longitude: number | null;
  /** The position is only the postal prefix's centre. */
  approximate: boolean;
};

type MapLinks = {
  /** https://www.openstreetmap.org/…: opens on every phone and computer. */
  web: string;
  /** geo:…: Android hands it to the maps app the driver uses. */
  geo: string;
};

/** encodeURIComponent, plus the characters it leaves alone that mean something in a URI (RFC 3986). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** What a map searches for: the address line without its unit ('…, Unit 4, …' finds nothing on a map). */
export function mapQuery(address: string): string {
  return address
    .replace(/^([^,]+), (?:Unit|app\.) [^,]+(?=,|$)/, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Coordinates to 5 decimals (about a metre): what a door needs, no more. */
const at = (value: number) => value.toFixed(5);

export function mapLinks(place: MapPlace): MapLinks {
  const query = encode(mapQuery(place.address));
  if (place.latitude === null || place.longitude === null || place.approximate) {
    return {
      web: `https://www.openstreetmap.org/search?query=${query}`,
      geo: `geo:0,0?q=${query}`,
    };
  }
  const lat = at(place.latitude);
  const lng = at(place.longitude);
  return {
    // A marker at the door, the map centred on it; the text labels the pin in the geo: link.
    web: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`,
    geo: `geo:${lat},${lng}?q=${lat},${lng}(${query})`,
  };
}
