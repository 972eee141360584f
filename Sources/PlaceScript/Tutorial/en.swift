let tutorialTextEN = #"""
    # The guided tutorial, in English: what `tutorial` shows, step by step.
    #
    # The format (TutorialCommands.swift reads it; TutorialTests checks every language file):
    # - Lines starting with '#' are comments. Empty lines separate things and are otherwise ignored.
    # - The header, before the first step: 'language:' (the code 'tutorial language' takes),
    #   'name:' (the language's own name), optionally 'direction:' (ltr, the default, or rtl for a
    #   language written right to left) and 'digits:' (the ten digits 0 to 9 the walk writes step
    #   numbers and counts with; 0123456789 when not given), and one 'message.KEY:' line for each
    #   message the walk prints around the steps: every message of this file, none left out
    #   (tutorialMessages in TutorialCommands.swift lists them). A word in braces, {n}, {total},
    #   {title}, …, is filled in; each message keeps the placeholders it has here, in any order.
    # - Each step starts with a heading line '== N' (N counts from 1), then its fields:
    #     title:     one line
    #     optional:  yes, for a step the walk may skip (it says so)
    #     part:      one line: the part of the published tutorial the step's code belongs to, in
    #                the walk's own words (shown under the title)
    #     say:       what the app does at this point, in plain words (wrapped to the screen)
    #     code:      one call per line, as 'trace' prints it ('→ ' a call the app makes, '← ' a
    #                call it gets; Objective-C as the Objective-C flavour's trace prints it); shown
    #                as a small block, never wrapped. Text after a '…' stands for what varies:
    #                TutorialTests checks that the text before it is a line the trace prints when
    #                the walk's commands are typed
    #     api:       one real API per line
    #     type:      one command to type per line, in order (each must be a valid command);
    #                'tutorial goto' types them, silently, to bring the session to a later step
    #     done:      one expectation per line, as 'expect' takes it, on the state now
    #     happened:  one pattern per line, on what happened (see below), matched in order
    #     from:      where 'happened:' starts reading: step (the default: since the step was
    #                shown) or launch (since the app's last launch, even before the step)
    #     when:      a condition for the 'hint:' after it, as 'expect' takes it; why.noFix,
    #                why.emptyList, why.hiddenMap and why.blankRows name the pitfall 'explain'
    #                gives as the cause, so a hint and 'explain' cannot disagree
    #     when.happened: a pattern for the 'hint:' after it, read like 'happened:'
    #     hint:      one line; after 'when:'/'when.happened:' lines, given only when they all
    #                hold (the first that holds wins); exactly one 'hint:' has no 'when:' and is
    #                given otherwise. 'tutorial hint' shows it; the walk shows it by itself after
    #                two commands that lead elsewhere.
    #     recap:     one line: what the step showed, printed under its ✓ line
    #     after:     optional: what to look at once the step is done
    #   Every step has title:, part:, say:, type:, hint: and recap:. A step is done when all its
    #   'done:' lines hold and its 'happened:' lines match; it needs at least one of the two. A
    #   command the step asks for only to look ('map', 'explain', 'snapshot') needs a 'happened:
    #   typed …' line, or the step is done before it is typed. 'tutorial goto' does not type
    #   'snapshot' (it would write a file): its 'typed' entry is kept as if it had been. Every sentence a step says about what happened must be true on
    #   every path that passes its checks: check what the sentence claims.
    #   A field's text goes on over the following lines that start with a space; an empty line
    #   between two such lines starts a new paragraph.
    # - What happened: while a walk exists, it keeps a journal of entries, each a KIND and a text:
    #     typed    a command the student ran, as typed ('auth allow --approximate'; the walk's own
    #              commands are not kept)
    #     launch   the app started (text: swift or objc); it comes before the launch's events
    #     answer   the permission alert that was on screen went away; text: the command that did
    #              it ('auth allow', 'auth deny', 'terminate', …)
    #     alert, console, note, crash, step, trace
    #              an event the shell printed: the alert (text: its title), a console line of
    #              the app, a note, a crash, the event 'step' delivered ('locationManager(_:did
    #              UpdateLocations:)'), a traced call (only with 'trace on')
    #   A pattern is '[not] KIND [TEXT]'. For typed and answer the text is the whole command, or
    #   its start when the pattern ends with ' …'; for the others the entry's text contains it; no
    #   text matches any entry of the kind. 'happened:' lines match entries in their order, each
    #   after the one before; a 'not' line forbids its entry between the lines around it (last:
    #   after the line before it).
    # - To translate: copy this file to XX.swift, rename the constant to tutorialTextXX (XX in
    #   capitals), write 'name:', the messages, 'title:', 'part:', 'say:', 'hint:', 'recap:' and
    #   'after:' in the language, and leave 'code:', 'api:', 'type:', 'done:', 'happened:',
    #   'from:', 'when:' and 'when.happened:' as they are (they are code). Then add the line
    #   "XX": tutorialTextXX to tutorialTexts in Tutorial/Languages.swift. TutorialTests checks
    #   that every such file is registered and has every step, hint and message of this one.

    language: en
    name: English
    message.welcome: A guided walk through the tutorial app in {total} steps. Each step names the part of the published tutorial it belongs to, says what the app does, shows its calls as 'trace' prints them, and says what to type; the walk moves on when the session shows the step done. 'tutorial list' lists the steps, 'tutorial stop' ends the walk.
    message.step: Step {n} of {total}: {title}
    message.optional: (optional)
    message.part: In the tutorial: {part}
    message.code: The calls, as 'trace' shows them:
    message.api: API:
    message.type: Type:
    message.done: ✓ step {n} done: {title}
    message.doneToo: ✓ step {n} done too: {title}
    message.already: Your session already shows this step done: 'tutorial next' goes on.
    message.hint: tutorial: {hint}
    message.hintNow: Step {n}: {hint}
    message.replayed: The walk typed, silently, the commands of the steps before this one ({steps}): the session is where this step starts.
    message.range: {first}–{last}
    message.forgotten: The tutorial's progress is forgotten: no step is done. 'tutorial' starts it at step 1.
    message.finished: That was the last step: the tutorial is done. 'tutorial list' shows the steps; 'tutorial restart' walks it again.
    message.stopped: Tutorial stopped at step {n}. 'tutorial' takes it up again.
    message.notRunning: No tutorial is running: 'tutorial' starts one.
    message.first: This is the first step.
    message.last: This is the last step.
    message.language: Tutorial language: {title}. Available: {list}.
    message.list: The tutorial's steps ({done} of {total} done; ✓ done, → the current one):
    message.noStep: the tutorial has steps 1 to {total}; there is no step {n}
    message.noStepHelp: 'tutorial list' lists them
    message.noLanguage: the tutorial has no text in '{code}'
    message.languages: languages: {list}
    message.replayFailed: the walk could not bring the session to step {n}: '{command}' of step {step} failed
    message.replayStuck: the walk could not bring the session to step {n}: step {step} does not hold after its commands

    == 1
    title: Start the app
    part: Ask for permission to use the location
    say:
      The map screen does its work in MapViewController.viewDidLoad(). To watch it run, turn on
      the trace first, 'trace on': it prints each call the app makes (→) and each call it gets
      (←), as it happens. Then start the app, 'launch'.

      viewDidLoad creates a CLLocationManager, sets desiredAccuracy to kCLLocationAccuracyBest
      and calls requestWhenInUseAuthorization(). Nobody has answered yet (the status is
      notDetermined), so iOS puts up the alert, with the text of
      NSLocationWhenInUseUsageDescription from Info.plist.
    code: ← MapViewController.viewDidLoad()
    code: → locationManager = CLLocationManager()
    code: → locationManager.desiredAccuracy = kCLLocationAccuracyBest
    code: → locationManager.requestWhenInUseAuthorization()
    api: CLLocationManager.requestWhenInUseAuthorization()
    type: trace on
    type: launch
    done: app.running == true
    happened: launch
    happened: trace MapViewController.viewDidLoad()
    happened: alert
    when: auth.status != "notDetermined"
    hint: the permission is already answered, so no alert comes: 'reset' (Erase All Content and Settings), then 'trace on' and 'launch'.
    when: app.running == true
    hint: the app started without the trace: 'terminate', then 'trace on' and 'launch' again.
    hint: type 'trace on', then 'launch' to start the app.
    recap: viewDidLoad made the location manager and asked for permission; iOS showed the alert.

    == 2
    title: Answer the alert
    part: Ask for permission to use the location
    say:
      Core Location reports the status to locationManager(_:didChangeAuthorization:): the app
      printed its accuracy line and "Location status not determined."

      Press Allow While Using App with 'auth allow'. The status becomes authorizedWhenInUse,
      Core Location calls the delegate again, and it prints "Location status is OK." (The
      "Current Place error" line after launch is pitfall P4: step 13 comes back to it.)
    code: ← locationManager(_:didChangeAuthorization: .notDetermined)
    code: ← locationManager(_:didChangeAuthorization: .authorizedWhenInUse)
    api: locationManager(_:didChangeAuthorization:)
    type: auth allow
    done: app.running == true
    done: auth.status == "authorizedWhenInUse"
    done: auth.accuracy == "full"
    from: launch
    happened: launch
    happened: alert
    happened: answer auth allow
    happened: console Location status is OK.
    when.happened: answer auth deny
    hint: you answered Don't Allow: 'reset' forgets the answer (Erase All Content and Settings); then 'launch' and 'auth allow'.
    when.happened: answer auth allow --approximate
    hint: you turned Precise off: 'reset', then 'launch' and 'auth allow' without --approximate.
    when: auth.prompt == true
    hint: the alert is on screen: answer it with 'auth allow'.
    when: auth.status != "notDetermined"
    hint: the permission was given without the alert you are to answer (in Settings, or before the walk began): 'reset', then 'launch' and 'auth allow'.
    hint: type 'auth allow' to answer the alert (without --approximate: precise location comes first); if it is gone, 'reset' and 'launch' bring it back.
    recap: Allow While Using App made the status authorizedWhenInUse, and the delegate heard it.

    == 3
    title: Set up the location manager
    part: Set up the location manager
    say:
      Still in viewDidLoad, the app sets distanceFilter to 50 (metres), calls
      startUpdatingLocation() and makes itself the manager's delegate. From then on Core Location
      delivers fixes to locationManager(_:didUpdateLocations:); the app takes the last one and
      prints "Location: …", the CLLocation's description.

      No fix has come, and the map is still hidden: 'explain' says why. The simulated device has
      no position yet (Features ▸ Location ▸ None), so Core Location said so a second after the
      permission: didFailWithError with kCLErrorLocationUnknown, the "Error: … Code=0" line. The
      app's didFailWithError calls stopUpdatingLocation(), so updates are off for good (pitfall
      P5): a position alone no longer reaches it. Give the device the tutorial's default point in
      Pyrmont, Sydney, as the Simulator's Features ▸ Location menu would, 'locate sydney', and
      start the app again, 'launch': the permission is remembered, viewDidLoad starts updates
      afresh, and the fix arrives a second later.
    code: → locationManager.distanceFilter = 50
    code: → locationManager.startUpdatingLocation()
    code: → locationManager.delegate = self
    code: ← locationManager(_:didFailWithError: Error Domain=kCLErrorDomain Code=0 "(null)")
    code: → locationManager.stopUpdatingLocation()
    code: ← locationManager(_:didUpdateLocations: […])
    api: CLLocationManager.startUpdatingLocation()
    api: locationManager(_:didUpdateLocations:)
    api: locationManager(_:didFailWithError:)
    type: explain
    type: locate sydney
    type: launch
    done: location != nil
    from: launch
    happened: console Location status is OK.
    happened: console Location:
    when: app.running == false
    hint: the app is not running: 'locate sydney', then 'launch' (the permission is kept).
    when: auth.status == "denied"
    hint: location is denied: 'auth allow' in Settings, then relaunch with 'terminate' and 'launch'. A denial stops the updates until the app is launched again.
    when: why.noFix == "P5"
    hint: the app stopped its updates after the location error (P5): 'locate sydney' if the device has no position yet, then start the app again with 'launch'.
    hint: type 'locate sydney' to give the device a position, then 'launch' to start updates again.
    recap: A fix needs a position and running updates; the app's didFailWithError turns them off for the rest of the run.

    == 4
    title: Add the map
    part: Add a map
    say:
      viewDidLoad also built the map: a GMSCameraPosition at the default point (-33.869405,
      151.199) with zoom 15 (10 when location is approximate), GMSMapView.map(withFrame:camera:),
      the my-location dot and button turned on, and then mapView.isHidden = true: hidden until the
      first fix. That fix unhid it and set mapView.camera at once. Later fixes move the camera
      with mapView.animate(to:).

      A later fix comes only once the device is at least the distance filter, 50 m, from the last
      one. Move it 30 m south, 'locate -33.869675 151.199': nothing comes. Then 100 m,
      'locate -33.870305 151.199': a fix, and the camera follows. Then draw the map as the phone
      shows it, 'map': the places around, the blue dot where you are, and the scale.
    code: → GMSCameraPosition.camera(withLatitude: -33.869405, longitude: 151.199, zoom: 15)
    code: → mapView = GMSMapView.map(withFrame: view.bounds, camera: camera)
    code: → mapView.isHidden = true
    code: → mapView.isHidden = false
    code: → mapView.camera = GMSCameraPosition(…)
    code: → mapView.animate(to: …)
    api: GMSMapView.map(withFrame:camera:)
    api: GMSMapView.animate(to:)
    type: locate -33.869675 151.199
    type: locate -33.870305 151.199
    type: map
    done: map.hidden == false
    done: stats.locationUpdates >= 2
    happened: typed map …
    when: why.noFix == "P5"
    hint: the app stopped its updates after a location error (P5): relaunch with 'terminate' then 'launch'.
    when: stats.locationUpdates == 1
    hint: the first fix already came, and no other comes until the device moves more than 50 m from it: 'locate -33.870305 151.199'.
    when: stats.locationUpdates >= 2
    hint: the camera followed the fix: draw the map with 'map'.
    hint: move the device more than 50 m from its last fix: 'locate -33.870305 151.199'.
    recap: The first fix unhid the map and set its camera; a fix comes only past the 50 m filter, and the camera follows it.

    == 5
    title: Ask for likely places
    part: Let the user choose the current place
    say:
      Every fix ends with listLikelyPlaces(). It empties the app's likelyPlaces array and calls
      GMSPlacesClient's findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name,
      .coordinate]). The callback gets GMSPlaceLikelihood values, most likely first, and the app
      appends each one's place. viewDidLoad sent a request too, and each pick sends another: every
      call is a billable Find Current Place request ('stats' counts them).

      The "Get Place" button segues to PlacesViewController, and prepare(for:sender:) hands it the
      array. Swift arrays are values: the picker gets a copy of the list as it is at that moment.
      Tap the button: 'likely'.
    code: → listLikelyPlaces()
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    code: → performSegue(withIdentifier: "segueToSelect", sender:)
    code: → prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (…)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlaceLikelihood
    type: likely
    done: app.screen == "picker"
    done: picker.rows.count > 0
    when: why.emptyList == "P5"
    hint: the list is empty and stays so: a location error stopped the updates (P5), so no fix sends a request. Relaunch with 'terminate' then 'launch'.
    when: app.screen == "picker"
    hint: the table is empty: the picker got a copy of the list before the answer came. 'back', then 'likely' again.
    hint: type 'likely' to tap "Get Place".
    recap: Each fix asks Places for likely places; "Get Place" hands the picker a copy of the list.

    == 6
    title: Let the user pick
    part: Let the user choose the current place
    say:
      The picker shows one row per place, with place.name as the cell's text, five rows to a
      screen. Tapping a row sets selectedPlace and performs the unwind segue back to the map.
      Before the unwind runs, the picker's prepare(for:sender:) hands the choice over: it sets
      the map controller's selectedPlace. Then comes unwindToMain(segue:). ('back' leaves
      without choosing, and nothing changes.)

      Pick the first, most likely place: 'select 1'.
    code: ← tableView(_:didSelectRowAt: [0, 0])
    code: → selectedPlace = likelyPlaces[0]
    code: → performSegue(withIdentifier: "unwindToMain", sender:)
    code: → prepare(for:sender:): mapViewController.selectedPlace = selectedPlace
    code: ← unwindToMain(segue:)
    api: tableView(_:didSelectRowAt:)
    api: MapViewController.unwindToMain(segue:)
    type: select 1
    done: app.screen == "map"
    done: markers.count == 1
    when: app.screen == "map"
    hint: the picker is closed: 'likely' opens it, then 'select 1'.
    hint: type 'select 1' to tap the first row.
    recap: The tap set selectedPlace, prepare(for:sender:) passed it to the map controller, and the unwind came back.

    == 7
    title: Add the marker
    part: Put a marker on the map
    say:
      unwindToMain(segue:) calls mapView.clear(), which removes the previous marker, then creates
      GMSMarker(position: place.coordinate), sets its title to place.name and its snippet to
      place.formattedAddress, and puts it on the map with marker.map = mapView. Then it calls
      listLikelyPlaces() again. The camera does not move to the marker, and no info window opens
      by itself.

      Tap the marker to open its info window: 'tap marker 1'. Look at what it shows. Then take a
      picture of the phone's screen, 'snapshot marker.svg', and open the file in a browser.
    code: → mapView.clear()
    code: → marker = GMSMarker(position: …)
    code: → marker.title = "…"
    code: → marker.snippet = nil
    code: → marker.map = mapView
    api: GMSMarker(position:)
    api: GMSMapView.clear()
    api: GMSMapView.selectedMarker
    type: tap marker 1
    type: snapshot marker.svg
    done: markers[1].infoWindow == true
    happened: typed tap marker 1
    happened: typed snapshot …
    when: markers[1].infoWindow == true
    hint: the info window is open: 'snapshot marker.svg' draws the screen.
    hint: type 'tap marker 1' to open the marker's info window ('markers' lists the markers), then 'snapshot marker.svg'.
    recap: unwindToMain(segue:) cleared the map and put one marker at the chosen place, with its name as title.

    == 8
    title: The missing snippet (P1)
    part: Let the user choose the current place
    say:
      The info window shows the title and no address: the snippet is nil. It is
      place.formattedAddress, and the app asks only for [.name, .coordinate]; a GMSPlace field
      that was not requested reads nil. This is pitfall P1, in the tutorial's own code.

      The fix is to request the field: in the app, withPlaceFields: [.name, .coordinate,
      .formattedAddress]; here, 'fields +formattedAddress'. It is still billed as Basic data. In
      Xcode a change to the code means stopping the app, building and running it again; do the
      same here: 'terminate', then 'launch'. The new app's requests ask for the address, so
      'likely' and 'select 1' give a marker with a snippet.
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate, .formattedAddress], callback:)
    code: → marker.snippet = "…"
    api: GMSPlaceField.formattedAddress
    api: GMSMarker.snippet
    type: fields +formattedAddress
    type: terminate
    type: launch
    type: likely
    type: select 1
    done: fields contains "formattedAddress"
    done: fields contains "name"
    done: fields contains "coordinate"
    done: markers[1].title != nil
    done: markers[1].snippet != nil
    when: fields !contains "name"
    hint: the fields you gave replaced the whole mask, and name is not in it: rows are blank and the marker has no title. With '+' a field is added: 'fields reset', then 'fields +formattedAddress'.
    when: fields !contains "coordinate"
    hint: the fields you gave replaced the whole mask, and coordinate is not in it: the marker stands nowhere. With '+' a field is added: 'fields reset', then 'fields +formattedAddress'.
    when: fields contains "formattedAddress"
    hint: the fields are right; the app running was built before the change, as in Xcode: 'terminate', 'launch', then 'likely' and 'select 1'.
    hint: type 'fields +formattedAddress', then rebuild and run as in Xcode: 'terminate', 'launch', then 'likely' and 'select 1'.
    recap: A GMSPlace field reads nil unless the request asked for it: formattedAddress fills the snippet.
    after: 'tap marker 1': the info window now shows the address under the name.

    == 9
    title: Denied
    part: Ask for permission to use the location
    say:
      What if the person taps Don't Allow? Start over: 'reset' is the Simulator's Erase All
      Content and Settings (it ends the app and forgets the answer; the device keeps its
      position). Then 'launch' and 'auth deny'.

      The status becomes denied. The app prints "User denied access to location." and unhides the
      map, which stays on the default point in Sydney. Core Location then calls
      locationManager(_:didFailWithError:) with kCLErrorDomain code 1, and the app calls
      stopUpdatingLocation(): even an Allow in Settings later brings no fix until the next launch
      (P5). Every places request fails with locationError (-11), so "Get Place" shows an empty
      table: tap it, 'likely', and ask why, 'explain'.
    code: ← locationManager(_:didChangeAuthorization: .denied)
    code: ← locationManager(_:didFailWithError: Error Domain=kCLErrorDomain Code=1 "(null)")
    code: → locationManager.stopUpdatingLocation()
    api: locationManager(_:didFailWithError:)
    api: CLLocationManager.stopUpdatingLocation()
    type: reset
    type: launch
    type: auth deny
    type: likely
    type: explain
    done: app.running == true
    done: auth.status == "denied"
    done: map.hidden == false
    done: location == nil
    done: app.screen == "picker"
    happened: typed explain
    when: auth.status == "denied"
    hint: the picker's table is empty: 'likely' opens it, and 'explain' says why.
    hint: type 'reset', 'launch', then 'auth deny' to answer the alert with Don't Allow.
    recap: Denied: the map shows the default point, updates stop until the next launch, and every places request fails.

    == 10
    title: Approximate location (P12)
    part: Add a map
    say:
      Since iOS 14 the alert has a Precise switch. With it off the app gets reducedAccuracy:
      coarse fixes (here snapped to about 2 km, at most one every 15 minutes). At each fix the
      Swift app reads accuracyAuthorization and zooms to 10, a whole city, instead of 15.

      Erase again and allow with Precise off: 'reset', 'launch', 'auth allow --approximate'. The
      app prints "Location accuracy is not precise." and the camera's zoom is 10 ('camera').
    code: ← locationManager(_:didUpdateLocations: […])
    code: → mapView.camera = GMSCameraPosition(latitude: …, longitude: …, zoom: 10)
    api: CLLocationManager.accuracyAuthorization
    api: GMSCameraPosition.camera(withLatitude:longitude:zoom:)
    type: reset
    type: launch
    type: auth allow --approximate
    done: app.flavor == "swift"
    done: auth.accuracy == "reduced"
    done: camera.zoom == 10
    hint: type 'reset', 'launch', then 'auth allow --approximate' (Allow While Using App with Precise off).
    recap: With Precise off, fixes are coarse and rare, and the Swift app zooms out to 10.

    == 11
    title: Objective-C: the switch falls through (P7)
    part: Ask for permission to use the location, in Objective-C
    say:
      The tutorial also has an Objective-C version of the same code. Its authorization callback is
      a C switch in which only the restricted case ends with break: each case runs on into the
      ones below it. (It also zooms to 15 even with approximate location, P12.)

      Launch it and deny: 'reset', 'launch --flavor objc', 'auth deny'. After "User denied access
      to location." come "Location status not determined." and "Location status is OK.": both
      wrong. The lines are NSLog's, with a date and the process in front.
    code: ← [mapViewController locationManager:manager didChangeAuthorizationStatus:…
    code: → [manager stopUpdatingLocation]
    api: locationManager:didChangeAuthorizationStatus:
    type: reset
    type: launch --flavor objc
    type: auth deny
    done: app.flavor == "objc"
    done: auth.status == "denied"
    done: log contains "User denied access to location."
    hint: type 'reset', 'launch --flavor objc', then 'auth deny'.
    recap: A C switch case without break runs on into the next: one status, three lines.

    == 12
    title: Objective-C: blank rows, no marker (P8)
    part: Let the user choose the current place, in Objective-C
    say:
      The Objective-C PlacesViewController never sets the cell's text, so every row is blank, and
      its prepareForSegue:sender: is empty, so the chosen place never reaches the map: the unwind
      clears the map and adds nothing.

      The denial stopped updates for this run: allow location in Settings and launch again,
      'auth allow' and 'launch --flavor objc'. Then 'likely' and 'select 1'.
    code: ← [placesViewController tableView:tableView didSelectRowAtIndexPath:…
    code: → [self performSegueWithIdentifier:@"unwindToMain" sender:self]
    code: ← [placesViewController prepareForSegue:segue sender:self] (empty: the map's selectedPlace stays nil, P8)
    code: → [mapView clear]
    api: tableView:cellForRowAtIndexPath:
    api: prepareForSegue:sender:
    type: auth allow
    type: launch --flavor objc
    type: likely
    type: select 1
    done: app.flavor == "objc"
    done: auth.status == "authorizedWhenInUse"
    done: stats.placesRequests >= 3
    done: app.screen == "map"
    done: markers.count == 0
    hint: type 'auth allow' and 'launch --flavor objc', then 'likely' and 'select 1'.
    recap: With no cell text and an empty prepareForSegue:sender:, the Objective-C picker shows blank rows and returns nothing.

    == 13
    title: The first request races the prompt (P4)
    part: Let the user choose the current place
    optional: yes
    say:
      Back to Swift. viewDidLoad calls listLikelyPlaces() right after
      requestWhenInUseAuthorization(), before anyone can answer the alert. The places client
      cannot use the location yet, and the request fails with locationError (-11): "Current Place
      error: …".

      Watch it one event at a time: 'set autorun off' keeps the run loop's events waiting until
      you deliver them. 'reset', 'set autorun off', 'launch', then 'events': the places callback
      is already pending. 'step 2' delivers the authorization callback and the alert; answer it
      with 'auth allow' before the callback comes, then 'step 2': the request fails anyway. It was
      judged when it was sent.
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← locationManager(_:didChangeAuthorization: .notDetermined)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: nil, locationError (-11)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlacesErrorCode.locationError
    type: reset
    type: set autorun off
    type: launch
    type: events
    type: step 2
    type: auth allow
    type: step 2
    done: shell.autorun == false
    done: app.flavor == "swift"
    done: auth.status == "authorizedWhenInUse"
    done: log contains "Current Place error"
    happened: typed set autorun off
    happened: not typed set autorun on
    happened: launch swift
    happened: alert
    happened: answer auth allow
    happened: console Current Place error
    when: shell.autorun == true
    hint: autorun is on, so every event comes at once: 'reset', 'set autorun off', then 'launch'.
    when: log contains "Current Place error"
    hint: the callback came before you answered the alert: 'reset', then 'launch' again, and 'auth allow' as soon as the alert is on screen.
    when: auth.prompt == true
    hint: the alert is on screen: answer it with 'auth allow' before the places callback comes, then 'step 2'.
    when: auth.status == "authorizedWhenInUse"
    hint: 'step' until the places callback comes: it fails anyway.
    hint: type 'reset', 'set autorun off', 'launch', 'step 2', 'auth allow', then 'step 2'.
    recap: The request sent before the answer fails: Places judged it when it was sent.

    == 14
    title: An empty list on "Get Place" (P2)
    part: Let the user choose the current place
    optional: yes
    say:
      The run loop still waits for you: 'events' shows what. If a fix waits, 'step' until it is
      delivered; if none does (the loop ran on in step 13), 'locate google-sydney' makes one.
      Every fix calls listLikelyPlaces(), which empties the list at once and sends a request,
      answered 0.4 s later. Tap "Get Place" in between, 'likely': the picker gets a copy of the
      empty array. Then 'step' the answer, and look: the app's list is full ('show
      likely.count'), but the picker's copy stays empty, because it never reloads.
    code: ← locationManager(_:didUpdateLocations: […])
    code: → likelyPlaces.removeAll()
    code: → performSegue(withIdentifier: "segueToSelect", sender:)
    code: → prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (0, a copy)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    api: prepare(for:sender:)
    type: step
    type: likely
    type: step
    type: show likely.count
    done: picker.open == true
    done: picker.rows.count == 0
    done: likely.count > 0
    happened: step locationManager(_:didUpdateLocations:)
    happened: typed likely
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: typed show likely …
    when: shell.autorun == true
    hint: autorun is on, so the answer came before you could tap: 'set autorun off', then walk step 13 again ('tutorial goto 13').
    when: picker.rows.count > 0
    hint: the picker opened after the answer came, with the full list: 'back', then 'tutorial goto 13' to try again.
    when: likely.count > 0
    hint: the answer is in: look at the app's list with 'show likely.count', and at the picker's.
    hint: with autorun off: 'step' until a fix is delivered ('locate google-sydney' if none waits), 'likely' at once, then 'step' the places answer and 'show likely.count'.
    recap: The picker keeps the copy it got, even when the app's list fills later.
    after: 'back' and 'likely' again: now the rows are there.

    == 15
    title: Duplicate rows (P3)
    part: Let the user choose the current place
    optional: yes
    say:
      listLikelyPlaces() empties the list when it is called, and appends each answer when it
      arrives. If a second call comes before the first answer, both answers land in the same list
      and every place appears twice.

      Make two calls overlap: 'back' (if the picker is open), 'locate google-sydney' (a fix due in
      1 s), 'likely', 'wait 0.7s', then 'select 1': the selection sends a request answered in
      0.4 s, and the fix comes 0.3 s later with another. 'step' the fix: two requests are in
      flight. 'step' twice more delivers both answers, and 'likely' opens the picker on the
      doubled list: every name twice, numbered.

      The picker shows five rows, each a fifth of its height, and does not scroll: only rows 1-5
      can be tapped. The second answer's rows come after all of the first's, so had the two
      answers been for different positions, the places of the newer one would sit out of reach.
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    type: back
    type: locate google-sydney
    type: likely
    type: wait 0.7s
    type: select 1
    type: step
    type: step
    type: step
    type: likely
    done: likely.count == 22
    done: likely[1].name == likely[12].name
    happened: typed select 1
    happened: step locationManager(_:didUpdateLocations:)
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: typed likely
    when: shell.autorun == true
    hint: autorun is on, so the calls do not overlap: 'set autorun off' first.
    when: stats.inFlight >= 2
    hint: two requests are in flight: 'step' twice to deliver both answers, then 'likely'.
    when: likely.count == 22
    hint: the answers are in: 'likely' shows every name twice.
    hint: with autorun off: 'locate google-sydney', 'likely', 'wait 0.7s', 'select 1', then 'step' three times and 'likely'.
    recap: Two requests in flight both append to one list: every place twice.
    after: Every name is there twice, and a finger reaches only the first five. 'back', then 'set autorun on' lets the run loop run by itself again.

    == 16
    title: A new project has no Current Place
    part: none (the app migrated to Nearby Search (New))
    say:
      findPlaceLikelihoodsFromCurrentLocation is Current Place, a part of Places API (Legacy).
      Since March 2025 a new Google Cloud project cannot enable that API; projects that had it
      keep it. The app's code stays the same, but the project its key belongs to decides: without
      the API, every request fails with accessNotConfigured (-9).

      Let the run loop run by itself again, 'set autorun on', and make the session a new project,
      'project legacy off' (Places API (New) stays on). Then stop the app and start it as it is,
      'terminate' and 'launch'. Each request it sends fails: "Current Place error: … not
      enabled …", and a note points to the way out.
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: …
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: nil, accessNotConfigured (-9)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlacesErrorCode.accessNotConfigured
    type: set autorun on
    type: project legacy off
    type: terminate
    type: launch
    done: shell.autorun == true
    done: project.legacy == false
    done: app.flavor == "swift"
    happened: launch swift
    happened: console The Places API for iOS is not enabled
    when: shell.autorun == false
    hint: autorun is off, so the launch's events wait: 'set autorun on', then 'terminate' and 'launch'.
    when: project.legacy == true
    hint: the project still has Places API (Legacy): 'project legacy off', then 'terminate' and 'launch'.
    when: app.flavor == "nearby"
    hint: that is already the migrated app; this step runs the tutorial's app as it is: 'terminate', then 'launch'.
    when: auth.prompt == true
    hint: the alert is on screen: 'auth allow'; the request of the fix that follows fails with accessNotConfigured (-9).
    hint: type 'set autorun on' and 'project legacy off', then 'terminate' and 'launch'.
    recap: Without Places API (Legacy) in the key's project, every Current Place request fails with accessNotConfigured (-9).

    == 17
    title: Nearby Search (New) waits for a location
    part: none (the app migrated to Nearby Search (New))
    say:
      The migrated app is the 'nearby' flavour: the same screens and location code, with
      listLikelyPlaces() rewritten for Nearby Search (New), GooglePlaces SDK 9 or later ('help
      flavor nearby' shows the code). The old call found the device by itself; the new request
      searches a circle, GMSPlaceCircularLocationOption(center, radius), and the app must give it
      the centre. Each fix now stores the location in currentLocation before it calls
      listLikelyPlaces(), which builds a GMSPlaceSearchNearbyRequest and calls
      searchNearby(with:completion:).

      With no location, nothing is sent, so the request that raced the alert in step 13 (P4) is
      gone. Start afresh and watch: 'reset', 'launch --flavor nearby', 'auth allow'. viewDidLoad
      prints "Nearby search skipped: no location yet."; after the answer, the first fix sends the
      first search.
    code: ← guard let location = currentLocation else { … return }
    code: → currentLocation = locations.last
    code: → request = GMSPlaceSearchNearbyRequest(locationRestriction: …
    code: → placesClient.searchNearby(with: request, completion:)
    code: ← searchNearby completion: GMSPlaceSearchNearbyResponse(places: [GMSPlace] × …
    api: GMSPlaceSearchNearbyRequest(locationRestriction:placeProperties:)
    api: GMSPlaceCircularLocationOption(_:_:)
    api: GMSPlacesClient.searchNearby(with:completion:)
    type: reset
    type: launch --flavor nearby
    type: auth allow
    done: app.flavor == "nearby"
    done: likely.count > 0
    done: likely[1].likelihood == nil
    happened: launch nearby
    happened: console Nearby search skipped: no location yet.
    happened: answer auth allow
    happened: console Location:
    when: shell.autorun == false
    hint: autorun is off, so the events wait: 'set autorun on', then 'reset', 'launch --flavor nearby' and 'auth allow'.
    when: project.newAPI == false
    hint: the project has no Places API (New) either: 'project new-api on', then 'reset', 'launch --flavor nearby' and 'auth allow'.
    when: auth.prompt == true
    hint: the alert is on screen: 'auth allow'; then the first fix sends the first search.
    when: app.flavor == "nearby"
    hint: this step wants the alert answered in the migrated app: 'reset', then 'launch --flavor nearby' and 'auth allow'.
    hint: type 'reset', 'launch --flavor nearby', then 'auth allow'.
    recap: The migrated app sends nothing until a fix gives it a centre; each fix then searches the circle around it.

    == 18
    title: Place properties are the field mask (P1)
    part: none (the app migrated to Nearby Search (New))
    say:
      The new request has no withPlaceFields:. Its placeProperties play that part, and the app
      asks for [GMSPlaceProperty.name, .coordinate]: the marker would again have no snippet, as
      in step 8. ('fields' set the old call's mask; the new request does not read it.)

      Add the address, 'nearby fields +formattedAddress', then build and run again as in Xcode:
      'terminate', 'launch --flavor nearby'. 'likely' and 'select 1' give a marker with its
      snippet. A request is billed at the SKU of its costliest property; name, coordinate and
      formattedAddress are all Nearby Search Pro, and 'nearby' shows what the request bills.
    code: → request = GMSPlaceSearchNearbyRequest(locationRestriction: …
    code: → marker.snippet = "…"
    api: GMSPlaceProperty.formattedAddress
    api: GMSPlaceSearchNearbyRequest.placeProperties
    type: nearby fields +formattedAddress
    type: terminate
    type: launch --flavor nearby
    type: likely
    type: select 1
    done: nearby.fields contains "formattedAddress"
    done: nearby.fields contains "name"
    done: nearby.fields contains "coordinate"
    done: app.flavor == "nearby"
    done: markers[1].snippet != nil
    when: nearby.fields !contains "name"
    hint: the properties you gave replaced the whole list, and name is not in it: 'nearby fields reset', then 'nearby fields +formattedAddress'.
    when: nearby.fields !contains "coordinate"
    hint: the properties you gave replaced the whole list, and coordinate is not in it: 'nearby fields reset', then 'nearby fields +formattedAddress'.
    when: app.flavor != "nearby"
    hint: this step is about the migrated app: 'terminate', 'launch --flavor nearby', then 'likely' and 'select 1'.
    when: nearby.fields contains "formattedAddress"
    hint: the properties are right, but the list came from a request sent before the change: 'terminate', 'launch --flavor nearby', then 'likely' and 'select 1'.
    hint: type 'nearby fields +formattedAddress', then build and run again: 'terminate', 'launch --flavor nearby', then 'likely' and 'select 1'.
    recap: A property the request did not ask for reads nil, as a field did: formattedAddress fills the snippet again.

    == 19
    title: Popularity or distance: the order is the answer
    part: none (the app migrated to Nearby Search (New))
    say:
      Current Place gave every place a likelihood. Nearby Search (New) gives none
      (likely[1].likelihood is nil): the order is all it says. By default, rankPreference
      .popularity, the most popular places in the circle come first ('help popularity' shows
      how placeshell scores them), and the nearest may be far down the list.

      For "where am I", the nearest is the better guess. Rank by distance, 'nearby rank
      distance', and narrow the circle from its 500 m to 250 m, 'nearby radius 250m' (the SDK
      takes 0 to 50,000 m). Build and run again, 'terminate' and 'launch --flavor nearby', and tap
      "Get Place", 'likely': the nearest place comes first, and every place lies within 250 m.
    code: → request.rankPreference = .distance
    code: ← searchNearby completion: GMSPlaceSearchNearbyResponse(places: [GMSPlace] × …
    api: GMSPlaceSearchNearbyRankPreference.distance
    api: GMSPlaceCircularLocationOption(_:_:)
    type: nearby rank distance
    type: nearby radius 250m
    type: terminate
    type: launch --flavor nearby
    type: likely
    done: nearby.rank == "distance"
    done: nearby.radius <= 250
    done: app.flavor == "nearby"
    done: app.screen == "picker"
    done: likely.count >= 2
    done: likely[1].distance <= likely[2].distance
    done: likely[1].likelihood == nil
    happened: launch nearby
    happened: typed likely
    when: nearby.rank != "distance"
    hint: the places are still ranked by popularity: 'nearby rank distance'.
    when: nearby.radius > 250
    hint: the circle is still wider than 250 m: 'nearby radius 250m'.
    when: app.screen == "picker"
    hint: the list on screen came from a request sent before the change: 'back', 'terminate', 'launch --flavor nearby', then 'likely'.
    hint: type 'nearby rank distance' and 'nearby radius 250m', then 'terminate', 'launch --flavor nearby' and 'likely'.
    recap: With no likelihoods the ranking is the answer: .distance puts the nearest place first, within the circle's radius.

    == 20
    title: No more places than the picker shows
    part: none (the app migrated to Nearby Search (New))
    say:
      The picker shows five rows and does not scroll (step 15): every place after the fifth is
      out of reach, yet the request asks for up to 20, the default maxResultCount. Ask for what
      the screen shows, 'nearby max 5' (the SDK takes 1 to 20).

      Build and run again, 'terminate' and 'launch --flavor nearby', then 'likely' and 'select 1':
      at most five rows, and a marker with its address on the first place. That is the whole
      migration: the same screens, a request built around the last fix, and a ranked list with
      no likelihoods.
    code: → request.maxResultCount = 5
    code: → marker.snippet = "…"
    api: GMSPlaceSearchNearbyRequest.maxResultCount
    type: nearby max 5
    type: terminate
    type: launch --flavor nearby
    type: likely
    type: select 1
    done: nearby.max == 5
    done: app.flavor == "nearby"
    done: likely.count > 0
    done: likely.count <= 5
    done: app.screen == "map"
    done: markers[1].snippet != nil
    happened: launch nearby
    happened: typed likely
    happened: typed select …
    when: nearby.max != 5
    hint: maxResultCount is not 5: 'nearby max 5'.
    when: likely.count > 5
    hint: the list came from a request sent before the change: 'terminate', 'launch --flavor nearby', then 'likely' and 'select 1'.
    when: app.screen == "picker"
    hint: at most five rows now: 'select 1' puts the first place on the map.
    hint: type 'nearby max 5', then 'terminate', 'launch --flavor nearby', 'likely' and 'select 1'.
    recap: maxResultCount 5 asks for no more places than the picker can show.
    after: 'tap marker 1' shows the name and the address. 'project legacy on' makes the project an older one again.
    """#
