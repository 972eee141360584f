import PlaceFormats
import PlaceKit
import PlaceStorage

extension CommandFamily {
    /// The place dataset: what the simulated places service knows, and bringing your own city.
    public static let dataset = CommandFamily(
        name: "Dataset",
        summary: "the places the service knows: load your own city, add, remove, look up, export",
        manual: #"""
            The places the simulated service knows: bring your own city, add, remove,
            look up, export.
            Places have stable IDs: the source's own
            .Pq Li osm:node/123 , an id column
            or, when a file gives none, one derived from the name and the position
            .Pq Li p: No and 16 hex digits .
            A relative
            .Ar FILE
            is taken from the folder of the script that names it.
            """#,
        commands: [
            CommandSpec(
                "places",
                summary:
                    "the place dataset: count, areas, source; load, add, remove, info, near, find, generate, export",
                effect: .looks,
                api: APIEntry(what: "the places the simulated service knows"),
                manual: #"""
                    .It Ic places
                    The dataset: how many places, how many from each source, and where they come
                    from
                    .Pq see Sx DATA .
                    The built-in places are real, with approximate positions and addresses:
                    illustrative, not authoritative.
                    Bring your own city with
                    .Ic places load :
                    an OpenStreetMap extract
                    .Pq Pa .osm , Pa .osm.pbf ,
                    a GeoJSON export
                    .Pq Overpass, QGIS
                    or a CSV spreadsheet, the format recognised by content.
                    """#,
                examples: ["places", "places load sydney.osm.pbf --replace", "places near radius=300m"],
                subcommands: [
                    CommandSpec(
                        "load",
                        arguments: [
                            ArgSpec(
                                "FILE", .path(".geojson", ".json", ".csv", ".tsv", ".txt", ".osm", ".xml", ".pbf"),
                                summary: "GeoJSON, CSV, OSM XML or OSM PBF")
                        ],
                        options: [
                            OptionSpec("replace", summary: "replace the dataset instead of merging into it"),
                            OptionSpec(
                                "no-basemap", summary: "an OpenStreetMap file: load its places only, not its base map"),
                        ]
                            + PlaceFieldMapping.Field.allCases.map { field in
                                OptionSpec(
                                    field.rawValue, .word, valueName: "COL",
                                    summary:
                                        "the column (CSV) or property (GeoJSON) holding the place's \(mappedFieldNoun(field))"
                                )
                            },
                        summary: "load places from a file; a place whose ID exists replaces it",
                        effect: .acts,
                        manual: #"""
                            .It Ic places load Oo Fl Fl replace Oc Oo Fl Fl no-basemap Oc Oo Fl Fl name Ar COL Oc Oo Fl Fl lat Ar COL Oc Oo Fl Fl lng Ar COL Oc Oo Fl Fl id Ar COL Oc Oo Fl Fl types Ar COL Oc Oo Fl Fl address Ar COL Oc Ar FILE
                            Loads places from a GeoJSON, CSV, OpenStreetMap XML or OpenStreetMap PBF file,
                            recognised by content first, then by extension
                            .Pq see Sx IMPORTING PLACES .
                            .Fl Fl name , Fl Fl lat , Fl Fl lng , Fl Fl id , Fl Fl types
                            and
                            .Fl Fl address
                            name where a CSV file whose header uses other names keeps each field: a
                            header name (exactly, else ignoring case) or a column number from 1; a
                            column so named serves only that field, and the fields not named are found
                            by their usual names.
                            For GeoJSON they name the features' properties;
                            .Fl Fl lat
                            and
                            .Fl Fl lng ,
                            both or neither, then place each feature instead of its geometry.
                            A column or property the file does not have, a number past the header's
                            last column, or any of them for an OpenStreetMap file, is an error at the
                            option, naming the columns the file has, and nothing is loaded.
                            .Dl places load food-trucks.csv --name Applicant --lat Latitude --lng Longitude --address Address
                            A summary says what was loaded and what was skipped and why, e.g.
                            .Ql loaded 1,227 places, skipped 33: 33 without coordinates .
                            In a CSV file a rating, price or radius of the wrong kind is left out of its
                            place, which still loads, and the summary counts such fields with the first
                            one's line and column, e.g.
                            .Ql left out 2 fields: 2 ratings not a number from 1 to 5 (first at line 7, column 34: 'good') .
                            In a file separated by semicolons, a coordinate, rating or radius may have a
                            decimal comma
                            .Pq Li 43,2951 , Li 4,5 ,
                            as European spreadsheets write them.
                            Without
                            .Fl Fl replace
                            the places join the dataset: one whose ID is already there replaces it in its
                            row, new ones are appended in the file's order, so loading the same files in
                            the same order always gives the same dataset.
                            An ID repeated in the file makes one place, the last one.
                            Where not every place is new, the summary counts them apart,
                            .Ql of these: 0 new, 2 replaced a place with the same ID, 1 repeated an ID met earlier in the file ,
                            so that it adds up to how the dataset grew; with
                            .Fl Fl json
                            the result has
                            .Qq new ,
                            .Qq replaced
                            and
                            .Qq repeated .
                            An error names the line, feature or block at fault and changes nothing.
                            Ctrl-C stops a long load and leaves the dataset as it was.
                            .Dl places load sydney_cbd.osm.pbf --replace
                            An OpenStreetMap extract also becomes the map's base map: its roads by
                            class, railways, water, parks and green areas, buildings and street names,
                            kept apart from the places in a compact read-only layer with its own
                            spatial index, which
                            .Ic map
                            and
                            .Ic snapshot
                            draw under the places
                            .Pq see Sx BASE MAP ;
                            the summary says what it holds and the memory it takes, e.g.
                            .Ql base map: 4,915 features (1,020 roads, 41 railways, 12 water, 88 green, 3,754 buildings), 1.9 MB .
                            The next extract loaded replaces it;
                            .Fl Fl no-basemap
                            loads the places only and leaves the base map as it was.
                            Other formats leave it as it was.
                            """#,
                        examples: [
                            "places load pois.geojson", "places load city.osm.pbf --replace", "places load shops.csv",
                            "places load food-trucks.csv --name Applicant --lat Latitude --lng Longitude --address Address",
                        ],
                        handler: loadCommand),
                    CommandSpec(
                        "add",
                        arguments: [
                            ArgSpec("NAME", .word, summary: "the place's name (quote it if it has spaces)"),
                            ArgSpec("POSITION", .coordinate, summary: "LAT LNG"),
                        ],
                        options: [
                            OptionSpec(
                                "id", .word, valueName: "ID",
                                summary: "its ID (default: derived from name and position)"),
                            OptionSpec(
                                "type", .word, valueName: "TYPES", summary: "Google place types, comma-separated"),
                            OptionSpec("address", .word, valueName: "TEXT", summary: "the formatted address"),
                            OptionSpec("rating", .number(nil, range: 1...5), valueName: "R", summary: "1.0–5.0"),
                            OptionSpec("price", .integer(0...4), valueName: "P", summary: "0 free … 4 expensive"),
                            OptionSpec(
                                "radius", .number(.length, range: 1...50_000), valueName: "M",
                                summary: "its size in metres (default 30)"),
                        ],
                        summary: "add one place",
                        effect: .acts,
                        manual: #"""
                            .It Ic places add Oo Fl Fl id Ar ID Oc Oo Fl Fl type Ar TYPES Oc Oo Fl Fl address Ar TEXT Oc Oo Fl Fl rating Ar R Oc Oo Fl Fl price Ar P Oc Oo Fl Fl radius Ar M Oc Ar NAME LAT LNG
                            Adds one place.
                            Options may also be written
                            .Ar name Ns = Ns Ar value .
                            Without a radius, one by type: an ATM 10 m, a cafe 20, a shop 25, a hotel 80,
                            a park 150, else 30.
                            """#,
                        examples: [
                            "places add \"Café Sydney\" -33.8614 151.2108 type=restaurant,cafe address=\"31 Alfred St, Sydney NSW 2000\" rating=4.4 price=3"
                        ],
                        handler: addCommand),
                    CommandSpec(
                        "remove",
                        arguments: [
                            ArgSpec("ID", placeReferenceType, summary: "a place ID, a row of the app's list, or a name")
                        ],
                        summary: "remove a place by its ID (or its row or name)",
                        effect: .acts,
                        manual: #"""
                            .It Ic places remove Ar ID Ns | Ns Ar ROW Ns | Ns Ar NAME
                            Removes a place by its ID; later rows move up.
                            """#,
                        examples: ["places remove p:5f2c9e01a3b4d6e7"],
                        handler: removeCommand),
                    CommandSpec(
                        "info",
                        arguments: [
                            ArgSpec("PLACE", placeReferenceType, summary: "an ID, a row of the app's list, or a name")
                        ],
                        summary:
                            "everything about one place: ID, position, types, address, rating, price, size, distance",
                        effect: .acts,
                        manual: #"""
                            .It Ic places info Ar ID Ns | Ns Ar ROW Ns | Ns Ar NAME
                            Everything about one place: ID, position, types, address, rating, price, size,
                            source, its distance from the device and its row and likelihood in the app's
                            list.
                            .Ar ROW
                            is a row of the app's list; a
                            .Ar NAME
                            must name one place (several give their IDs).
                            Names complete with Tab, their spaces escaped.
                            """#,
                        examples: [
                            "places info 1", "places info \"Darling Harbour\"",
                            "places info ChIJN1t_tDeuEmsRUsoyG83frY4",
                        ],
                        handler: infoCommand),
                    CommandSpec(
                        "near",
                        arguments: [
                            ArgSpec("POSITION", .coordinate, optional: true, summary: "LAT LNG (default: the device)")
                        ],
                        options: [
                            OptionSpec(
                                "radius", .number(.length, range: 1...100_000), valueName: "M",
                                summary: "how far (default 200m)"),
                            OptionSpec(
                                "limit", .integer(1...10_000), valueName: "N", summary: "at most N places (default 20)"),
                        ],
                        summary: "the places nearest a position, closest first",
                        effect: .acts,
                        manual: #"""
                            .It Ic places near Oo Fl Fl radius Ar M Oc Oo Fl Fl limit Ar N Oc Op Ar LAT LNG
                            The places nearest a position (by default the device's), closest first, within
                            200 m and at most 20 unless told otherwise.
                            """#,
                        examples: ["places near", "places near -33.8688 151.2093 radius=500m limit=5"],
                        handler: nearCommand),
                    CommandSpec(
                        "find",
                        arguments: [
                            ArgSpec("TEXT", .word, summary: "part of a name (quote it if it has spaces)")
                        ],
                        options: [
                            OptionSpec(
                                "limit", .integer(1...10_000), valueName: "N", summary: "at most N places (default 20)")
                        ],
                        summary: "the places whose name contains TEXT, ignoring case and accents, nearest first",
                        effect: .acts,
                        manual: #"""
                            .It Ic places find Oo Fl Fl limit Ar N Oc Ar TEXT
                            The places whose name contains
                            .Ar TEXT ,
                            ignoring case and accents
                            .Po
                            .Ql cafe
                            finds
                            .Dq Caf\('e Sydney ,
                            .Ql MULLER
                            finds
                            .Dq M\(:uller ,
                            a decomposed accent as a precomposed one, and a Latin letter
                            .Dq with
                            a stroke or a mark as its base letter
                            .Pc ,
                            nearest first from the device's position or, when the device has none, from
                            the map camera's target
                            .Pq the tutorial's default camera before launch ;
                            at most 20 unless told otherwise, and how many matched in all.
                            """#,
                        examples: ["places find cafe", "places find \"darling harbour\" limit=5"],
                        handler: findCommand),
                    CommandSpec(
                        "generate", arguments: [ArgSpec("N", .integer(1...5_000_000), summary: "how many")],
                        options: [
                            OptionSpec(
                                "around", .coordinate, valueName: "LAT,LNG",
                                summary: "the centre (default: the device, else Sydney)"),
                            OptionSpec(
                                "radius", .number(.length, range: 10...2_000_000), valueName: "M",
                                summary: "how far they spread (default 5km)"),
                            OptionSpec(
                                "seed", .integer(0...Int.max), valueName: "S", summary: "the random seed (default 1)"),
                            OptionSpec("replace", summary: "replace the dataset instead of adding to it"),
                        ],
                        summary: "add N synthetic but plausible places: names, types, clustered density",
                        effect: .acts,
                        manual: #"""
                            .It Ic places generate Oo Fl Fl around Ar LAT,LNG Oc Oo Fl Fl radius Ar M Oc Oo Fl Fl seed Ar S Oc Oo Fl Fl replace Oc Ar N
                            Adds
                            .Ar N
                            synthetic but plausible places: names of about twenty characters, types in
                            realistic shares, clustered around a few centres, addresses and ratings; the
                            same seed always gives the same places.
                            Their IDs are the same too.
                            Around the device (or the tutorial's default point), within 5 km, seed 1 by
                            default.
                            Ctrl-C stops it and leaves the dataset as it was.
                            """#,
                        examples: [
                            "places generate 1000",
                            "places generate 1000000 around=-33.87,151.2 radius=20km seed=7 --replace",
                        ],
                        handler: generateCommand),
                    CommandSpec(
                        "export",
                        arguments: [
                            ArgSpec(
                                "FILE", exportPathType.completingFileNames(".geojson", ".json", ".csv"),
                                summary: "a .geojson/.json or .csv file")
                        ],
                        summary: "write the dataset as GeoJSON or CSV (by extension), atomically",
                        effect: .acts,
                        manual: #"""
                            .It Ic places export Ar FILE
                            Writes the dataset as GeoJSON
                            .Pq Pa .geojson , Pa .json
                            or CSV
                            .Pq Pa .csv ,
                            the formats
                            .Ic places load
                            reads back, to a temporary name renamed into place.
                            A failed write therefore never leaves half a file.
                            Another extension is an error when the script is read, before anything
                            runs.
                            """#,
                        examples: ["places export city.geojson", "places export city.csv"],
                        handler: exportCommand),
                ],
                handler: { ctx throws(Diagnostic) in
                    let store = ctx.session.places.dataset
                    var lines = [oneLine("\(groupedThousands(store.count)) places (\(store.source))")]
                    lines += TextTable(
                        headers: ["", ""], alignments: [.left, .right],
                        rows: store.areas.map { [$0.name, groupedThousands($0.count)] }
                    ).render(indent: "  ")
                    return CommandResult(value: placesValue(ctx.shell), text: lines)
                })
        ],
        stateRoots: [
            StateRoot(
                "basemap", summary: "the base map from the last OpenStreetMap extract",
                manual: #"""
                    .It Li basemap.loaded , basemap.source , basemap.features , basemap.roads , basemap.names , basemap.bytes
                    The base map
                    .Pq see Sx BASE MAP :
                    whether one is loaded, the extract it came from
                    .Pq Dq none ,
                    how many features, how many of them roads, how many distinct street names,
                    and the bytes the layer and its index take.
                    """#,
                shape: .record([
                    "loaded": .bool, "source": .text, "features": .plain, "roads": .plain, "names": .plain,
                    "bytes": .plain,
                ])
            ) { shell in .leaf(baseMapStateValue(shell))
            },
            StateRoot(
                "places", summary: "the place dataset",
                manual: #"""
                    .It Li places.count , places.source , places.areas. Ns Ar AREA
                    Places in the loaded dataset, where it comes from
                    .Pq Qq built-in ,
                    and how many in each area
                    .Pq Li places.areas.sydney .
                    """#,
                shape: .record(["count": .plain, "source": .text, "areas": .named(.plain)])
            ) { shell in .leaf(placesValue(shell))
            },
        ])
}

func placesValue(_ shell: Shell) -> Value {
    let store = shell.session.places.dataset
    return .record([
        Value.Field("count", .int(store.count)), Value.Field("source", .string(store.source)),
        Value.Field("areas", .record(store.areas.map { Value.Field($0.name, .int($0.count)) })),
    ])
}

/// `basemap`: what the base map holds.
func baseMapStateValue(_ shell: Shell) -> Value {
    let baseMap = shell.session.baseMap
    let roads = baseMap?.layer.kinds.filter(\.isRoad).count ?? 0
    return .record([
        Value.Field("loaded", .bool(baseMap != nil)), Value.Field("source", .string(baseMap?.source ?? "none")),
        Value.Field("features", .int(baseMap?.count ?? 0)), Value.Field("roads", .int(roads)),
        Value.Field("names", .int(baseMap?.layer.names.count ?? 0)),
        Value.Field("bytes", .int(baseMap?.byteCount ?? 0)),
    ])
}

/// `4,915 features (1,020 roads, 41 railways, 12 water, 88 green, 3,754 buildings), 1.9 MB`.
func baseMapSummary(_ baseMap: BaseMap) -> String {
    var roads = 0
    var rail = 0
    var water = 0
    var green = 0
    var buildings = 0
    for kind in baseMap.layer.kinds {
        switch kind {
        case .water, .river: water += 1
        case .park: green += 1
        case .building: buildings += 1
        case .railway: rail += 1
        default: roads += 1
        }
    }
    let parts = [
        counted(roads, "road"), counted(rail, "railway"), "\(groupedThousands(water)) water",
        "\(groupedThousands(green)) green", counted(buildings, "building"),
    ]
    return counted(baseMap.count, "feature") + " (" + parts.joined(separator: ", ") + "), "
        + byteText(baseMap.byteCount)
}

/// `812 KB`, `1.9 MB`: memory in decimal units, one decimal below 10.
func byteText(_ bytes: Int) -> String {
    let b = Double(bytes)
    if b < 1000 { return "\(bytes) bytes" }
    let (value, unit) = b < 1_000_000 ? (b / 1000, "KB") : (b / 1_000_000, "MB")
    return (value < 10 ? formatFixed(value, decimals: 1) : formatFixed(value.rounded(), decimals: 0)) + " " + unit
}

/// A place ID, a row of the app's list, or a name; names complete with Tab.
let placeReferenceType: ArgType = {
    var type = ArgType(usage: "ID|ROW|NAME") { (c: inout TokenCursor) throws(Diagnostic) in .word(c.next()?.text ?? "")
    }
    type.prefixCompletions = { shell, prefix in shell.session.places.dataset.names(withPrefix: prefix, limit: 200) }
    return type
}()

private func loadCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    // A CSV file larger than a MiB is read a window at a time, never whole (its first MiB is
    // all that tells CSV from the other formats); anything else is read whole.
    var streamed: FileSource?
    if let file = FileSource(ctx.resolvedPath(try ctx.required("FILE", as: .word)), prefixBytes: (1 << 20) + 1),
        PlaceFileFormat.byContent(file.prefix) == .csv
    {
        streamed = file
    }
    let (path, bytes, fileLocation) =
        if let streamed {
            (try ctx.required("FILE", as: .word), streamed.prefix, try ctx.location(of: "FILE"))
        } else {
            try ctx.readFile(argument: "FILE")
        }
    let replace = try ctx.flag("replace")
    let withBaseMap = try !ctx.flag("no-basemap")
    guard let format = PlaceFileFormat.detect(bytes, fileName: path) else {
        throw .runtime(
            "'\(path)' is not a place file placeshell reads", at: fileLocation,
            help: "GeoJSON (FeatureCollection), CSV with name and latitude/longitude columns, OSM XML or OSM PBF")
    }
    var mapping = PlaceFieldMapping()
    for field in PlaceFieldMapping.Field.allCases {
        if let column = try ctx.option(field.rawValue, as: .word) { mapping.columns[field] = column }
    }
    if let first = PlaceFieldMapping.Field.allCases.first(where: { mapping.columns[$0] != nil }),
        format == .osmXML || format == .osmPBF
    {
        throw .runtime(
            "'--\(first.rawValue)' names a CSV column or a GeoJSON property, but '\(path)' is \(format.displayName), whose places are read from their tags",
            at: try ctx.location(of: first.rawValue),
            help: "leave out --name, --lat, --lng, --id, --types and --address")
    }
    let result: Result<ImportSummary, ImportError>
    // CSV goes from the file's bytes straight into the dataset, with no records in between
    // (a million rows: a few hundred MB less and twice as fast); a failure leaves it unchanged.
    var merged: (added: Int, replaced: Int)?
    let shell = ctx.shell
    let interruption = ImportInterruption(shell.interruptRequested)
    switch format {
    case .geojson: result = GeoJSONImporter.parse(bytes, mapping: mapping, interruption: interruption)
    case .csv:
        // The dataset is taken out of the session (so that it is not copied), loaded into in
        // place and put back: as it was when the load fails. Replaced, it is not needed at
        // all: the load fills an empty store, which takes its place only when it succeeds (the
        // built-in places, not yet read, are then never read).
        var dataset = PlaceStore()
        if !replace { swap(&dataset, &ctx.session.places.dataset) }
        let name = lastPathComponent(path)
        let loaded =
            if let streamed {
                dataset.mergeCSV(
                    streaming: streamed, source: name, replacing: replace, mapping: mapping, interruption: interruption)
            } else {
                dataset.mergeCSV(bytes, source: name, replacing: replace, mapping: mapping, interruption: interruption)
            }
        if !replace {
            swap(&dataset, &ctx.session.places.dataset)
        } else if case .success = loaded {
            ctx.session.places.dataset = dataset
        }
        result = loaded.map {
            merged = ($0.added, $0.replaced)
            return $0.summary
        }
    case .osmXML: result = OSMXMLImporter.parse(bytes, interruption: interruption, baseMap: withBaseMap)
    case .osmPBF: result = OSMPBFImporter.parse(bytes, interruption: interruption, baseMap: withBaseMap)
    }
    let summary: ImportSummary
    switch result {
    case .success(let s): summary = s
    case .failure(let e) where e.isInterruption:
        throw .interrupted(
            "'\(path)' was not loaded; the dataset is unchanged (\(groupedThousands(ctx.session.places.dataset.count)) places)",
            at: fileLocation)
    case .failure(let e) where e.field != nil:
        // A column or property the file does not have: the option is at fault, not the file.
        let field = e.field ?? .name
        let wanted = mapping.columns[field] ?? ""
        throw .runtime(
            "'\(path)' (\(format.displayName)): \(e.message)", at: try ctx.location(of: field.rawValue),
            help: wanted.allSatisfy(\.isNumber) ? nil : columnSuggestion(wanted, among: e.columns))
    case .failure(let e) where format == .csv && !e.columns.isEmpty:
        throw .runtime(
            "'\(path)' (\(format.displayName)): \(e.message)", at: fileLocation,
            help: "name the "
                + (e.missingFields.count == 1 ? "column" : "columns") + ": "
                + (e.missingFields.isEmpty ? PlaceFieldMapping.Field.allCases.prefix(3).map { $0 } : e.missingFields)
                .map { "--\($0.rawValue) COL" }.joined(separator: " ")
                + " (a header name, or a column number from 1)")
    case .failure(let e) where format == .geojson && !e.columns.isEmpty:
        throw .runtime(
            "'\(path)' (\(format.displayName)): \(e.message)", at: fileLocation,
            help: "name the property that holds the name: --name PROP"
                + (e.columns.first.map { " (e.g. --name \($0))" } ?? ""))
    case .failure(let e):
        // CSV and GeoJSON messages already start with where ("line 3: …", "feature 2: …").
        let placed = ["line ", "feature ", "blob "].contains { e.message.hasPrefix($0) }
        var at = ""
        if !placed, let line = e.line { at += " line \(line)" }
        if !placed, let item = e.item { at += (at.isEmpty ? " " : ", ") + "item \(item)" }
        throw .runtime(
            "'\(path)' (\(format.displayName))\(at.isEmpty ? "" : ":" + at): \(e.message)", at: fileLocation)
    }
    let name = lastPathComponent(path)
    var lines = [oneLine("\(name) (\(format.displayName)): \(summary.line)")]
    let added: Int
    let replaced: Int
    if let merged {
        (added, replaced) = merged
    } else if replace {
        // A new store, set in the session: the dataset it replaces is not read for this.
        var fresh = PlaceStore()
        (added, replaced) = (fresh.replaceAll(with: summary.records, source: name), 0)
        ctx.session.places.dataset = fresh
    } else {
        (added, replaced) = ctx.session.places.dataset.merge(summary.records, source: name)
    }
    // Every place loaded is new, replaced one with its ID, or repeated an ID met earlier in the
    // file (the last one stays): the dataset grows by the new ones only.
    let repeated = max(0, summary.loaded - added - replaced)
    if replaced > 0 || repeated > 0 {
        var parts = ["\(groupedThousands(added)) new"]
        if replaced > 0 { parts.append("\(groupedThousands(replaced)) replaced a place with the same ID") }
        if repeated > 0 {
            parts.append(
                "\(groupedThousands(repeated)) repeated an ID met earlier in the file (the last of each is kept)")
        }
        lines.append("of these: " + parts.joined(separator: ", "))
    }
    for warning in summary.warnings.prefix(10) { lines.append("warning: " + oneLine(warning)) }
    if summary.warnings.count > 10 { lines.append("warning: … and \(summary.warnings.count - 10) more") }
    var baseMapValue: Value?
    if let layer = summary.baseMap {
        let baseMap = BaseMap(layer: layer, source: name)
        ctx.session.baseMap = baseMap
        lines.append("base map: " + baseMapSummary(baseMap))
        baseMapValue = baseMapStateValue(ctx.shell)
    }
    lines.append("dataset: " + counted(ctx.session.places.dataset.count, "place"))
    var fields = [
        Value.Field("format", .string(format.displayName)), Value.Field("loaded", .int(summary.loaded)),
        Value.Field("skipped", .record(summary.skipped.map { Value.Field($0.reason, .int($0.count)) })),
        Value.Field("count", .int(ctx.session.places.dataset.count)),
        Value.Field("new", .int(added)), Value.Field("replaced", .int(replaced)),
        Value.Field("repeated", .int(repeated)),
    ]
    if let baseMapValue { fields.append(Value.Field("baseMap", baseMapValue)) }
    if !summary.fieldSkips.isEmpty {
        fields.append(
            Value.Field("fieldsLeftOut", .record(summary.fieldSkips.map { Value.Field($0.field, .int($0.count)) })))
    }
    return CommandResult(value: .record(fields), text: lines)
}

/// "did you mean 'FacilityType'?" for a column or property name: a close spelling, or a name it
/// begins, ignoring case (headers are often capitalised where people type lower case).
private func columnSuggestion(_ wanted: String, among columns: [String]) -> String? {
    if let near = suggestion(for: wanted, among: columns) { return near }
    let lowered = wanted.lowercased()
    guard lowered.count >= 3, let column = columns.first(where: { $0.lowercased().hasPrefix(lowered) }) else {
        return nil
    }
    return "did you mean '\(column)'?"
}

/// What `places load --FIELD` names, in its option's summary.
private func mappedFieldNoun(_ field: PlaceFieldMapping.Field) -> String {
    switch field {
    case .name: return "name"
    case .latitude: return "latitude"
    case .longitude: return "longitude"
    case .id: return "ID"
    case .types: return "types"
    case .address: return "address"
    }
}

private func addCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let name = try ctx.required("NAME", as: .word)
    let c = try ctx.required("POSITION", as: .coordinate)
    guard !name.isEmpty else { throw .runtime("a place needs a name", at: try ctx.location(of: "NAME")) }
    var record = PlaceRecord(name: name, latitude: c.latitude, longitude: c.longitude)
    if let id = try ctx.option("id", as: .word) { record.id = id }
    if let t = try ctx.option("type", as: .word) { record.types = t.split(separator: ",").map(String.init) }
    if let a = try ctx.option("address", as: .word) { record.address = a }
    if let q = try ctx.option("rating", as: .number) { record.rating = q.value }
    if let p = try ctx.option("price", as: .integer) { record.priceLevel = p }
    if let q = try ctx.option("radius", as: .number) { record.radius = q.value }
    let index = ctx.session.places.dataset.add(record, source: "added")
    let place = ctx.session.places.dataset.place(at: index)
    return .line("added \(place.name) as \(place.id)", value: placeValue(place, ctx.shell))
}

private func removeCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let word = try ctx.required("ID", as: .word)
    let at = try ctx.location(of: "ID")
    let store = ctx.session.places.dataset
    // ID|ROW|NAME, as its usage line says (names complete with Tab here too).
    if store.index(ofID: word) == nil, store.indexes(named: word).isEmpty, case .failure = parseInteger(word) {
        throw .runtime(
            "no place has the ID or name '\(word)'", at: at,
            help: "'places info NAME' shows a place's ID")
    }
    let found = try resolvePlace(ctx, word, at: at)
    guard store.index(ofID: found.id) != nil else {
        throw .runtime("\(found.name) (\(found.id)) is no longer in the dataset", at: at)
    }
    let id = found.id
    let name = found.name
    _ = ctx.session.places.dataset.remove(id: id)
    return .line("removed \(name) (\(id))", value: .string(id))
}

/// An ID, a row of the app's current list, or a name (which must name one place), written at `at`.
private func resolvePlace(_ ctx: CommandContext, _ word: String, at: SourceLocation) throws(Diagnostic) -> Place {
    let store = ctx.session.places.dataset
    if let index = store.index(ofID: word) { return store.place(at: index) }
    if case .success(let row) = parseInteger(word) {
        let list = ctx.session.app?.likelyPlaces ?? []
        guard row >= 1 && row <= list.count else {
            throw .runtime(
                "row \(row) does not exist: the app's list has \(list.count) place\(list.count == 1 ? "" : "s")",
                at: at,
                help: list.isEmpty ? "rows are those of the app's list ('show likely')" : "rows 1…\(list.count)")
        }
        let source = list[row - 1].place.source
        if let index = store.index(ofID: source.id) { return store.place(at: index) }
        return source
    }
    let matches = store.indexes(named: word)
    if matches.count == 1 { return store.place(at: matches[0]) }
    if matches.isEmpty {
        let near = store.names(withPrefix: word, limit: 5)
        throw .runtime(
            "no place is named '\(word)'", at: at,
            help: near.isEmpty
                ? "names complete with Tab; 'places near' lists places nearby" : "did you mean '\(near[0])'?")
    }
    let ids = matches.prefix(5).map { store.place(at: $0).id }
    throw .runtime(
        "\(matches.count) places are named '\(word)'", at: at,
        help: "use an ID: " + ids.joined(separator: ", ") + (matches.count > 5 ? ", …" : ""))
}

func placeValue(_ place: Place, _ shell: Shell) -> Value {
    var fields = [
        Value.Field("id", .string(place.id)), Value.Field("name", .string(place.name)),
        Value.Field("latitude", .number(place.coordinate.latitude)),
        Value.Field("longitude", .number(place.coordinate.longitude)),
        Value.Field("types", .list(place.types.map { .string($0) })),
        Value.Field("address", place.address.isEmpty ? .null : .string(place.address)),
        Value.Field("rating", .number(place.rating)), Value.Field("priceLevel", .int(place.priceLevel)),
        Value.Field("radius", .number(place.radius, .length)), Value.Field("source", .string(place.area)),
    ]
    if let position = shell.session.device.position {
        fields.append(Value.Field("distance", .number(distance(position.coordinate, place.coordinate), .length)))
    }
    return .record(fields)
}

private func infoCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let place = try resolvePlace(ctx, try ctx.required("PLACE", as: .word), at: try ctx.location(of: "PLACE"))
    var rows = [
        ["id", place.id], ["name", place.name],
        [
            "position",
            "\(formatFixed(place.coordinate.latitude, decimals: 6)), \(formatFixed(place.coordinate.longitude, decimals: 6))",
        ],
        ["types", place.types.isEmpty ? "(none)" : place.types.joined(separator: ", ")],
        ["address", place.address.isEmpty ? "(none)" : place.address],
        ["rating", place.rating > 0 ? formatNumber(place.rating) : "(none)"],
        [
            "price",
            place.priceLevel > 0
                ? String(repeating: "$", count: place.priceLevel) + " (\(place.priceLevel))"
                : place.priceLevel == 0 ? "free (0)" : "(unknown)",
        ],
        ["size", "radius \(formatNumber(place.radius)) m"], ["source", place.area],
    ]
    if let position = ctx.session.device.position {
        rows.append(["distance", formatDistance(distance(position.coordinate, place.coordinate)) + " from the device"])
    } else {
        rows.append(["distance", "(the device has no position: 'locate')"])
    }
    if let app = ctx.session.app, let i = app.likelyPlaces.firstIndex(where: { $0.place.source.id == place.id }) {
        rows.append([
            "likely",
            "row \(i + 1) of the app's list, "
                + (app.likelyPlaces[i].likelihood.map { "likelihood " + formatFixed($0, decimals: 4) }
                    ?? app.likelyPlaces[i].distance.map { formatFixed($0, decimals: 1) + " m from the search's centre" }
                    ?? ""),
        ])
    }
    return CommandResult(value: placeValue(place, ctx.shell), text: TextTable(headers: ["", ""], rows: rows).render())
}

private func nearCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let point: GeoPoint
    if let c = try ctx.optional("POSITION", as: .coordinate) {
        point = GeoPoint(latitude: c.latitude, longitude: c.longitude)
    } else if let position = ctx.session.device.position {
        point = position.coordinate
    } else {
        throw .runtime(
            "the device has no position", at: ctx.location, help: "give one: places near LAT LNG, or 'locate' first")
    }
    let radius = try ctx.option("radius", as: .number)?.value ?? 200
    let limit = try ctx.option("limit", as: .integer) ?? 20
    let store = ctx.session.places.dataset
    let found = store.near(point, radius: radius, limit: limit)
    guard !found.isEmpty else {
        return CommandResult(value: .list([]), text: ["no place within \(formatNumber(radius)) m"])
    }
    return placesByDistance(found, ctx)
}

private func findCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let text = try ctx.required("TEXT", as: .word)
    let limit = try ctx.option("limit", as: .integer) ?? 20
    // The device's position, as 'places near' uses; without one, where the map looks.
    let point =
        ctx.session.device.position?.coordinate ?? ctx.session.app?.mapView.camera.target ?? TutorialApp.defaultLocation
    let store = ctx.session.places.dataset
    let (found, total) = store.find(text, from: point, limit: limit)
    guard !found.isEmpty else {
        return CommandResult(value: .list([]), text: ["no place's name contains '\(text)'"])
    }
    var result = placesByDistance(found, ctx)
    if total > found.count {
        result.text.append(
            "\(groupedThousands(found.count)) of \(groupedThousands(total)) places whose name contains '\(text)'")
    }
    if ctx.session.device.position == nil {
        let from = ctx.session.app == nil ? "the tutorial's default camera" : "the map camera's target"
        result.text.append(
            "distances from \(from), \(formatNumber(point.latitude)), \(formatNumber(point.longitude)): the device has no position ('locate')"
        )
    }
    return result
}

/// `places near` and `places find`: a numbered table nearest first (distance, name, first
/// type, ID), and the places as values.
private func placesByDistance(_ found: [(index: Int, distance: Double)], _ ctx: CommandContext) -> CommandResult {
    let store = ctx.session.places.dataset
    var rows: [[String]] = []
    var values: [Value] = []
    for (i, hit) in found.enumerated() {
        let place = store.place(at: hit.index)
        rows.append([
            String(i + 1), formatDistance(hit.distance), place.name, place.types.first ?? "", place.id,
        ])
        values.append(placeValue(place, ctx.shell))
    }
    let table = TextTable(
        headers: ["#", "DISTANCE", "NAME", "TYPE", "ID"], alignments: [.right, .right, .left, .left, .left], rows: rows)
    return CommandResult(value: .list(values), text: table.render(style: ctx.shell.outputStyle))
}

private func generateCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let n = try ctx.required("N", as: .integer)
    var centre = ctx.session.device.position?.coordinate ?? TutorialApp.defaultLocation
    if let c = try ctx.option("around", as: .coordinate) {
        centre = GeoPoint(latitude: c.latitude, longitude: c.longitude)
    }
    let radius = try ctx.option("radius", as: .number)?.value ?? 5000
    let seed = UInt64(try ctx.option("seed", as: .integer) ?? 1)  // safe: the seed is bound to 0…Int.max
    // With --replace into a new store; else into the dataset itself, taken out of the session
    // (so that it is not copied) and changed in place: Ctrl-C undoes what was added.
    let replace = try ctx.flag("replace")
    var target = PlaceStore(source: "generated")
    if !replace { swap(&target, &ctx.session.places.dataset) }
    let shell = ctx.shell
    let done = target.generate(
        count: n, around: centre, radius: radius, seed: seed, source: "generated", interrupted: shell.interruptRequested
    )
    guard done != nil else {
        if !replace { ctx.session.places.dataset = target }
        throw .interrupted(
            "no places were generated; the dataset is unchanged (\(groupedThousands(ctx.session.places.dataset.count)) places)"
        )
    }
    ctx.session.places.dataset = target
    let count = ctx.session.places.dataset.count
    return .line(
        "generated \(groupedThousands(n)) places within \(formatNumber(radius)) m of \(formatNumber(centre.latitude)), \(formatNumber(centre.longitude)) (seed \(seed)); dataset: \(groupedThousands(count)) places",
        value: .int(count))
}

/// The file `places export` writes: its extension names the format, checked when the script is
/// read, so a name no format fits runs nothing.
private let exportPathType = ArgType(usage: "FILE") { (c: inout TokenCursor) throws(Diagnostic) in
    guard let t = c.next() else { return .word("") }
    guard exportFormat(of: t.text) != nil else {
        throw .syntax(
            "cannot tell the format from '\(t.text)'", at: c.location(of: t),
            help: "name the file .geojson (or .json) or .csv")
    }
    return .word(t.text)
}

/// The format a file name's extension names for `places export`, or nil.
private func exportFormat(of path: String) -> String? {
    let lower = path.lowercased()
    if lower.hasSuffix(".geojson") || lower.hasSuffix(".json") { return "GeoJSON" }
    if lower.hasSuffix(".csv") { return "CSV" }
    return nil
}

private func exportCommand(_ ctx: CommandContext) throws(Diagnostic) -> CommandResult {
    let path = ctx.resolvedPath(try ctx.required("FILE", as: .word))
    let store = ctx.session.places.dataset
    let places = (0..<store.count).map { store.place(at: $0) }  // the exporters write Places
    let bytes: [UInt8]
    let format: String
    switch exportFormat(of: path) {
    case "GeoJSON"?:
        bytes = GeoJSONExporter.write(places)
        format = "GeoJSON"
    case "CSV"?:
        bytes = CSVExporter.write(places)
        format = "CSV"
    default:
        throw .runtime(
            "cannot tell the format from '\(path)'", at: try ctx.location(of: "FILE"),
            help: "name the file .geojson (or .json) or .csv")
    }
    switch writeFileAtomically(path, bytes) {
    case .success: break
    case .failure(let e):
        throw .runtime(writeFailureMessage(path, e), at: try ctx.location(of: "FILE"))
    }
    return .line(
        "wrote \(groupedThousands(places.count)) places to \(path) (\(format), \(groupedThousands(bytes.count)) bytes)",
        value: .record([Value.Field("path", .string(path)), Value.Field("count", .int(places.count))]))
}
