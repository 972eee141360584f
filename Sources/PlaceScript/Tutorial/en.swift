let tutorialTextEN = #"""
    # The guided tutorial, in English: what `tutorial` shows, step by step.
    #
    # The format (TutorialCommands.swift reads it; TutorialTests checks every language file):
    # - Lines starting with '#' are comments. Empty lines separate things and are otherwise ignored.
    # - The header, before the first step: 'language:' (the code 'tutorial language' takes),
    #   'name:' (the language's own name) and one 'message.KEY:' line for each message the
    #   walk prints around the steps. {n}, {total}, {title}, {hint}, {list} and {steps} are filled in.
    # - Each step starts with a heading line '== N' (N counts from 1), then its fields:
    #     title:     one line
    #     optional:  yes, for a step the walk may skip (it says so)
    #     say:       what the app does at this point, in plain words (wrapped to the screen)
    #     api:       one real API per line
    #     type:      one command to type per line, in order (each must be a valid command);
    #                'tutorial goto' types them, silently, to bring the session to a later step
    #     done:      one expectation per line, as 'expect' takes it, on the state now
    #     happened:  one pattern per line, on what happened (see below), matched in order
    #     from:      where 'happened:' starts reading: step (the default: since the step was
    #                shown) or launch (since the app's last launch, even before the step)
    #     when:      a condition for the 'hint:' after it, as 'expect' takes it
    #     when.happened: a pattern for the 'hint:' after it, read like 'happened:'
    #     hint:      one line; after 'when:'/'when.happened:' lines, given only when they all
    #                hold (the first that holds wins); exactly one 'hint:' has no 'when:' and is
    #                given otherwise. 'tutorial hint' shows it; the walk shows it by itself after
    #                two commands that lead elsewhere.
    #     after:     optional: what to look at once the step is done
    #   A step is done when all its 'done:' lines hold and its 'happened:' lines match; it needs
    #   at least one of the two. Every sentence a step says about what happened must be true on
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
    # - To translate: copy this file to XX.swift, rename the constant to tutorialTextXX (XX in capitals), translate
    #   'name:', the messages, 'title:', 'say:', 'hint:' and 'after:', and leave 'type:', 'done:',
    #   'happened:', 'from:', 'when:' and 'when.happened:' as they are. Then add "XX": tutorialTextXX
    #   to tutorialTexts in TutorialCommands.swift.

    language: en
    name: English
    message.welcome: A guided walk through the tutorial app in {total} steps. Each step says what the app does and which API it uses, and what to type; the walk moves on when the session shows the step done. 'tutorial list' lists the steps, 'tutorial stop' ends the walk.
    message.step: Step {n} of {total}: {title}
    message.optional: optional
    message.api: API:
    message.type: Type:
    message.done: ✓ step {n} done: {title}
    message.doneToo: ✓ step {n} done too: {title}
    message.already: Your session already shows this step done: 'tutorial next' goes on.
    message.hint: tutorial: {hint}
    message.hintNow: Step {n}: {hint}
    message.replayed: The walk typed, silently, the commands of the steps before this one ({steps}): the session is where this step starts.
    message.forgotten: The tutorial's progress is forgotten: no step is done. 'tutorial' starts it at step 1.
    message.finished: That was the last step: the tutorial is done. 'tutorial list' shows the steps; 'tutorial restart' walks it again.
    message.stopped: Tutorial stopped at step {n}. 'tutorial' takes it up again.
    message.notRunning: No tutorial is running: 'tutorial' starts one.
    message.first: This is the first step.
    message.last: This is the last step.
    message.language: Tutorial language: {title}. Available: {list}.

    == 1
    title: Request permission
    say:
      The map screen does its work in MapViewController.viewDidLoad(). It first creates a
      CLLocationManager, sets desiredAccuracy to kCLLocationAccuracyBest and calls
      requestWhenInUseAuthorization(). Nobody has answered yet (the status is notDetermined), so
      iOS shows the alert with the text of NSLocationWhenInUseUsageDescription from Info.plist.
      Core Location also reports the status to locationManager(_:didChangeAuthorization:), and
      the app prints its accuracy line and "Location status not determined."

      Start the app with 'launch', then press Allow While Using App with 'auth allow'. The status
      becomes authorizedWhenInUse and the delegate prints "Location status is OK." (The
      "Current Place error" line after launch is pitfall P4: step 12 comes back to it.)
    api: CLLocationManager.requestWhenInUseAuthorization()
    api: locationManager(_:didChangeAuthorization:)
    type: launch
    type: auth allow
    done: app.running == true
    done: auth.status == "authorizedWhenInUse"
    done: auth.accuracy == "full"
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
    hint: type 'launch' to start the app, then 'auth allow' to answer the alert (without --approximate: precise location comes first).

    == 2
    title: Set up the location manager
    say:
      Still in viewDidLoad, the app sets distanceFilter to 50 (metres), calls
      startUpdatingLocation() and makes itself the manager's delegate. From then on Core Location
      delivers fixes to locationManager(_:didUpdateLocations:); the app takes the last one and
      prints "Location: …", the CLLocation's description.

      No fix has come because the simulated device has no position yet (Features ▸ Location ▸
      None). Core Location said so a second after the permission: didFailWithError with
      kCLErrorLocationUnknown, the "Error: … Code=0" line. The app's didFailWithError calls
      stopUpdatingLocation(), so updates are off for good (pitfall P5): a position alone no
      longer reaches it, and the map would stay hidden. Give the device the tutorial's default
      point in Pyrmont, Sydney, as the Simulator's Features ▸ Location menu would, 'locate
      sydney', and start the app again, 'launch': the permission is remembered, viewDidLoad starts
      updates afresh, and the fix arrives a second later.
    api: CLLocationManager.startUpdatingLocation()
    api: locationManager(_:didUpdateLocations:)
    api: locationManager(_:didFailWithError:)
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
    when: device.updating == false
    hint: the app stopped its updates after the location error: 'locate sydney' if the device has no position yet, then start the app again with 'launch'.
    hint: type 'locate sydney' to give the device a position, then 'launch' to start updates again.

    == 3
    title: Add the map
    say:
      viewDidLoad also built the map: a GMSCameraPosition at the default point (-33.869405,
      151.199) with zoom 15 (10 when location is approximate), GMSMapView.map(withFrame:camera:),
      the my-location dot and button turned on, and then mapView.isHidden = true: hidden until the
      first fix. That fix unhid it and set mapView.camera at once. Later fixes move the camera
      with mapView.animate(to:).

      A later fix comes only once the device is at least the distance filter, 50 m, from the last
      one. Move it 30 m south, 'locate -33.869675 151.199': nothing comes. Then 100 m,
      'locate -33.870305 151.199': a fix, and the camera follows. 'camera' shows where it points.
    api: GMSMapView.map(withFrame:camera:)
    api: GMSMapView.animate(to:)
    type: locate -33.869675 151.199
    type: locate -33.870305 151.199
    done: map.hidden == false
    done: stats.locationUpdates >= 2
    when: device.updating == false
    hint: the app stopped its updates: relaunch with 'terminate' then 'launch'.
    when: stats.locationUpdates == 1
    hint: the first fix already came, and no other comes until the device moves more than 50 m from it: 'locate -33.870305 151.199'.
    hint: move the device more than 50 m from its last fix: 'locate -33.870305 151.199'.

    == 4
    title: Ask for likely places
    say:
      Every fix ends with listLikelyPlaces(). It empties the app's likelyPlaces array and calls
      GMSPlacesClient's findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name,
      .coordinate]). The callback gets GMSPlaceLikelihood values, most likely first, and the app
      appends each one's place. viewDidLoad sent a request too, and each pick sends another: every
      call is a billable Find Current Place request ('stats' counts them).

      The "Get Place" button segues to PlacesViewController, and prepare(for:sender:) hands it the
      array. Swift arrays are values: the picker gets a copy of the list as it is at that moment.
      Tap the button: 'likely'.
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlaceLikelihood
    type: likely
    done: app.screen == "picker"
    done: picker.rows.count > 0
    when: app.screen == "picker"
    hint: the table is empty: the picker got a copy of the list before the answer came. 'back', then 'likely' again.
    hint: type 'likely' to tap "Get Place".

    == 5
    title: Let the user pick
    say:
      The picker shows one row per place, with place.name as the cell's text, five rows to a
      screen. Tapping a row sets selectedPlace and performs the unwind segue back to the map,
      unwindToMain(segue:). ('back' leaves without choosing, and nothing changes.)

      Pick the first, most likely place: 'select 1'.
    api: tableView(_:didSelectRowAt:)
    api: MapViewController.unwindToMain(segue:)
    type: select 1
    done: app.screen == "map"
    done: markers.count == 1
    when: app.screen == "map"
    hint: the picker is closed: 'likely' opens it, then 'select 1'.
    hint: type 'select 1' to tap the first row.

    == 6
    title: Add the marker
    say:
      unwindToMain(segue:) calls mapView.clear(), which removes the previous marker, then creates
      GMSMarker(position: place.coordinate), sets its title to place.name and its snippet to
      place.formattedAddress, and puts it on the map with marker.map = mapView. Then it calls
      listLikelyPlaces() again. The camera does not move to the marker, and no info window opens
      by itself.

      Tap the marker to open its info window: 'tap marker 1'. Look at what it shows.
    api: GMSMarker(position:)
    api: GMSMapView.clear()
    api: GMSMapView.selectedMarker
    type: tap marker 1
    done: markers[1].infoWindow == true
    hint: type 'tap marker 1' to open the marker's info window ('markers' lists the markers).

    == 7
    title: The missing snippet (P1)
    say:
      The info window shows the title and no address: the snippet is nil. It is
      place.formattedAddress, and the app asks only for [.name, .coordinate]; a GMSPlace field
      that was not requested reads nil. This is pitfall P1, in the tutorial's own code.

      The fix is to request the field: in the app, withPlaceFields: [.name, .coordinate,
      .formattedAddress]; here, 'fields +formattedAddress'. It is still billed as Basic data. In
      Xcode a change to the code means stopping the app, building and running it again; do the
      same here: 'terminate', then 'launch'. The new app's requests ask for the address, so
      'likely' and 'select 1' give a marker with a snippet.
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
    after: 'tap marker 1': the info window now shows the address under the name.

    == 8
    title: Denied
    say:
      What if the person taps Don't Allow? Start over: 'reset' is the Simulator's Erase All
      Content and Settings (it ends the app and forgets the answer; the device keeps its
      position). Then 'launch' and 'auth deny'.

      The status becomes denied. The app prints "User denied access to location." and unhides the
      map, which stays on the default point in Sydney. Core Location then calls
      locationManager(_:didFailWithError:) with kCLErrorDomain code 1, and the app calls
      stopUpdatingLocation(): even an Allow in Settings later brings no fix until the next launch
      (P5). Every places request fails with locationError (-11), so "Get Place" shows an empty
      table.
    api: locationManager(_:didFailWithError:)
    api: CLLocationManager.stopUpdatingLocation()
    type: reset
    type: launch
    type: auth deny
    done: app.running == true
    done: auth.status == "denied"
    done: map.hidden == false
    done: location == nil
    hint: type 'reset', 'launch', then 'auth deny' to answer the alert with Don't Allow.

    == 9
    title: Approximate location (P12)
    say:
      Since iOS 14 the alert has a Precise switch. With it off the app gets reducedAccuracy:
      coarse fixes (here snapped to about 2 km, at most one every 15 minutes). At each fix the
      Swift app reads accuracyAuthorization and zooms to 10, a whole city, instead of 15.

      Erase again and allow with Precise off: 'reset', 'launch', 'auth allow --approximate'. The
      app prints "Location accuracy is not precise." and the camera's zoom is 10 ('camera').
    api: CLLocationManager.accuracyAuthorization
    api: GMSCameraPosition.camera(withLatitude:longitude:zoom:)
    type: reset
    type: launch
    type: auth allow --approximate
    done: app.flavor == "swift"
    done: auth.accuracy == "reduced"
    done: camera.zoom == 10
    hint: type 'reset', 'launch', then 'auth allow --approximate' (Allow While Using App with Precise off).

    == 10
    title: Objective-C: the switch falls through (P7)
    say:
      The tutorial also has an Objective-C version of the same code. Its authorization callback is
      a C switch in which only the restricted case ends with break: each case runs on into the
      ones below it. (It also zooms to 15 even with approximate location, P12.)

      Launch it and deny: 'reset', 'launch --flavor objc', 'auth deny'. After "User denied access
      to location." come "Location status not determined." and "Location status is OK.": both
      wrong. The lines are NSLog's, with a date and the process in front.
    api: locationManager:didChangeAuthorizationStatus:
    type: reset
    type: launch --flavor objc
    type: auth deny
    done: app.flavor == "objc"
    done: auth.status == "denied"
    done: log contains "User denied access to location."
    hint: type 'reset', 'launch --flavor objc', then 'auth deny'.

    == 11
    title: Objective-C: blank rows, no marker (P8)
    say:
      The Objective-C PlacesViewController never sets the cell's text, so every row is blank, and
      its prepareForSegue:sender: is empty, so the chosen place never reaches the map: the unwind
      clears the map and adds nothing.

      The denial stopped updates for this run: allow location in Settings and launch again,
      'auth allow' and 'launch --flavor objc'. Then 'likely' and 'select 1'.
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

    == 12
    title: The first request races the prompt (P4)
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

    == 13
    title: An empty list on "Get Place" (P2)
    optional: yes
    say:
      The run loop still waits for you: 'events' shows what. If a fix waits, 'step' until it is
      delivered; if none does (the loop ran on in step 12), 'locate google-sydney' makes one.
      Every fix calls listLikelyPlaces(), which empties the list at once and sends a request,
      answered 0.4 s later. Tap "Get Place" in between, 'likely': the picker gets a copy of the
      empty array. Then 'step' the answer, and look: the app's list is full ('show
      likely.count'), but the picker's copy stays empty, because it never reloads.
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
    hint: autorun is on, so the answer came before you could tap: 'set autorun off', then walk step 12 again ('tutorial goto 12').
    when: picker.rows.count > 0
    hint: the picker opened after the answer came, with the full list: 'back', then 'tutorial goto 12' to try again.
    when: likely.count > 0
    hint: the answer is in: look at the app's list with 'show likely.count', and at the picker's.
    hint: with autorun off: 'step' until a fix is delivered ('locate google-sydney' if none waits), 'likely' at once, then 'step' the places answer and 'show likely.count'.
    after: 'back' and 'likely' again: now the rows are there.

    == 14
    title: Duplicate rows (P3)
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
    after: Every name is there twice, and a finger reaches only the first five. 'back', then 'set autorun on' lets the run loop run by itself again.
    """#
