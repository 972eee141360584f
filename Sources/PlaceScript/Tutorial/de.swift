let tutorialTextDE = #"""
    # The guided tutorial, in German: what `tutorial` shows, step by step.
    # The format is described at the top of en.swift; only the text is translated here.

    language: de
    name: Deutsch
    message.welcome: Ein geführter Rundgang durch die Tutorial-App in {total} Schritten. Jeder Schritt nennt den Abschnitt des veröffentlichten Tutorials, zu dem er gehört, beschreibt, was die App tut, zeigt ihre Aufrufe so, wie 'trace' sie ausgibt, und sagt, was Sie eingeben. Sobald die Sitzung den Schritt als erledigt zeigt, geht es weiter. 'tutorial list' listet die Schritte auf, 'tutorial stop' beendet den Rundgang.
    message.step: Schritt {n} von {total}: {title}
    message.optional: (optional)
    message.part: Im Tutorial: {part}
    message.code: Die Aufrufe, wie 'trace' sie zeigt:
    message.api: API:
    message.type: Eingeben:
    message.done: ✓ Schritt {n} erledigt: {title}
    message.doneToo: ✓ Schritt {n} ebenfalls erledigt: {title}
    message.already: Ihre Sitzung zeigt diesen Schritt bereits als erledigt: Mit 'tutorial next' geht es weiter.
    message.hint: tutorial: {hint}
    message.hintNow: Schritt {n}: {hint}
    message.replayed: Der Rundgang hat die Befehle der vorherigen Schritte ({steps}) im Hintergrund eingegeben: Die Sitzung steht jetzt dort, wo dieser Schritt beginnt.
    message.range: {first}–{last}
    message.forgotten: Der Fortschritt im Tutorial wurde zurückgesetzt: Kein Schritt ist erledigt. Mit 'tutorial' beginnen Sie wieder bei Schritt 1.
    message.finished: Das war der letzte Schritt: Sie haben das Tutorial abgeschlossen. 'tutorial list' zeigt die Schritte; mit 'tutorial restart' gehen Sie es noch einmal durch.
    message.stopped: Tutorial bei Schritt {n} angehalten. Mit 'tutorial' setzen Sie es fort.
    message.notRunning: Es läuft kein Tutorial: 'tutorial' startet eines.
    message.first: Dies ist der erste Schritt.
    message.last: Dies ist der letzte Schritt.
    message.language: Sprache des Tutorials: {title}. Verfügbar: {list}.
    message.list: Die Schritte des Tutorials ({done} von {total} erledigt; ✓ erledigt, → der aktuelle):
    message.noStep: das Tutorial hat die Schritte 1 bis {total}; einen Schritt {n} gibt es nicht
    message.noStepHelp: 'tutorial list' listet sie auf
    message.noLanguage: für '{code}' gibt es keinen Text des Tutorials
    message.languages: Sprachen: {list}
    message.replayFailed: der Rundgang konnte die Sitzung nicht zu Schritt {n} bringen: '{command}' aus Schritt {step} ist fehlgeschlagen
    message.replayStuck: der Rundgang konnte die Sitzung nicht zu Schritt {n} bringen: Schritt {step} ist nach seinen Befehlen nicht erledigt

    == 1
    title: App starten
    part: Berechtigung zur Standortnutzung anfordern
    say:
      Der Kartenbildschirm erledigt seine Arbeit in MapViewController.viewDidLoad(). Damit Sie dabei
      zusehen können, schalten Sie zuerst den Trace ein, 'trace on': Er gibt jeden Aufruf, den die
      App macht (→), und jeden Aufruf, den sie erhält (←), in dem Moment aus, in dem er geschieht.
      Starten Sie dann die App mit 'launch'.

      viewDidLoad erstellt einen CLLocationManager, setzt desiredAccuracy auf
      kCLLocationAccuracyBest und ruft requestWhenInUseAuthorization() auf. Da noch niemand
      geantwortet hat (der Status ist notDetermined), zeigt iOS den Berechtigungsdialog an, mit dem
      Text von NSLocationWhenInUseUsageDescription aus der Info.plist.
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
    hint: Die Berechtigung wurde bereits beantwortet, deshalb erscheint kein Dialog: 'reset' (Erase All Content and Settings), dann 'trace on' und 'launch'.
    when: app.running == true
    hint: Die App wurde ohne Trace gestartet: 'terminate', dann 'trace on' und erneut 'launch'.
    hint: Geben Sie 'trace on' ein und starten Sie die App dann mit 'launch'.
    recap: viewDidLoad hat den Standortmanager erstellt und die Berechtigung angefordert; iOS hat den Dialog angezeigt.

    == 2
    title: Auf den Dialog antworten
    part: Berechtigung zur Standortnutzung anfordern
    say:
      Core Location meldet den Status an locationManager(_:didChangeAuthorization:): Die App hat
      ihre Zeile zur Genauigkeit und "Location status not determined." ausgegeben.

      Tippen Sie mit 'auth allow' auf "Allow While Using App". Der Status wechselt zu
      authorizedWhenInUse, Core Location ruft den Delegate erneut auf, und er gibt "Location status
      is OK." aus. (Die Zeile "Current Place error" nach dem Start ist die Stolperfalle P4; darauf
      kommt Schritt 13 zurück.)
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
    hint: Sie haben mit "Don't Allow" geantwortet: 'reset' löscht die Antwort (Erase All Content and Settings); danach 'launch' und 'auth allow'.
    when.happened: answer auth allow --approximate
    hint: Sie haben "Precise" ausgeschaltet: 'reset', dann 'launch' und 'auth allow' ohne --approximate.
    when: auth.prompt == true
    hint: Der Dialog ist zu sehen: Antworten Sie mit 'auth allow'.
    when: auth.status != "notDetermined"
    hint: Die Berechtigung wurde ohne den Dialog erteilt, auf den Sie hier antworten sollen (in den Einstellungen oder vor Beginn des Rundgangs): 'reset', dann 'launch' und 'auth allow'.
    hint: Geben Sie 'auth allow' ein, um auf den Dialog zu antworten (ohne --approximate: Zuerst geht es um den genauen Standort); ist der Dialog verschwunden, holen ihn 'reset' und 'launch' zurück.
    recap: "Allow While Using App" hat den Status auf authorizedWhenInUse gesetzt, und der Delegate hat davon erfahren.

    == 3
    title: Standortmanager einrichten
    part: Standortmanager einrichten
    say:
      Noch in viewDidLoad setzt die App distanceFilter auf 50 (Meter), ruft startUpdatingLocation()
      auf und macht sich selbst zum Delegate des Managers. Von da an liefert Core Location
      Standortupdates an locationManager(_:didUpdateLocations:); die App nimmt jeweils das letzte
      und gibt "Location: …" aus, die Beschreibung des CLLocation-Objekts.

      Es ist noch kein Standortupdate angekommen, und die Karte ist weiterhin ausgeblendet:
      'explain' sagt, warum. Das simulierte Gerät hat noch keine Position (Features ▸ Location ▸
      None), und das hat Core Location eine Sekunde nach der Berechtigung gemeldet: didFailWithError
      mit kCLErrorLocationUnknown, die Zeile "Error: … Code=0". Die Methode didFailWithError der App
      ruft stopUpdatingLocation() auf; damit bleiben die Updates endgültig aus (Stolperfalle P5):
      Eine Position allein erreicht die App jetzt nicht mehr. Setzen Sie das Gerät auf den
      Standardpunkt des Tutorials in Pyrmont, Sydney, wie es das Menü Features ▸ Location im
      Simulator tun würde: 'locate sydney'. Starten Sie die App dann erneut mit 'launch': Die
      Berechtigung bleibt gespeichert, viewDidLoad startet die Updates neu, und eine Sekunde später
      kommt das Standortupdate an.
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
    hint: Die App läuft nicht: 'locate sydney', dann 'launch' (die Berechtigung bleibt erhalten).
    when: auth.status == "denied"
    hint: Der Standortzugriff ist abgelehnt: 'auth allow' in den Einstellungen, dann mit 'terminate' und 'launch' neu starten. Eine Ablehnung hält die Updates an, bis die App wieder gestartet wird.
    when: why.noFix == "P5"
    hint: Die App hat ihre Updates nach dem Standortfehler angehalten (P5): 'locate sydney', falls das Gerät noch keine Position hat, dann die App mit 'launch' neu starten.
    hint: Geben Sie 'locate sydney' ein, um dem Gerät eine Position zu geben, und dann 'launch', um die Updates neu zu starten.
    recap: Ein Standortupdate braucht eine Position und laufende Updates; die Methode didFailWithError der App schaltet sie bis zum Ende des Laufs ab.

    == 4
    title: Karte hinzufügen
    part: Karte hinzufügen
    say:
      Auch die Karte hat viewDidLoad erstellt: Die Methode legt eine GMSCameraPosition am
      Standardpunkt (-33.869405, 151.199) mit Zoomstufe 15 an (10 bei ungefährem Standort), erzeugt
      die Kartenansicht mit GMSMapView.map(withFrame:camera:), schaltet den Punkt für den eigenen
      Standort samt Schaltfläche ein und setzt anschließend mapView.isHidden = true: Bis zum ersten
      Standortupdate bleibt die Karte ausgeblendet. Dieses erste Update hat sie eingeblendet und
      sofort mapView.camera gesetzt. Spätere Standortupdates bewegen die Kamera mit
      mapView.animate(to:).

      Ein weiteres Standortupdate kommt erst, wenn sich das Gerät mindestens um den Distanzfilter,
      also 50 m, vom letzten entfernt hat. Bewegen Sie es 30 m nach Süden, 'locate -33.869675
      151.199': Es kommt nichts. Dann 100 m, 'locate -33.870305 151.199': Ein Standortupdate kommt,
      und die Kamera folgt. Zeichnen Sie danach die Karte so, wie das Smartphone sie zeigt, 'map':
      die Orte in der Umgebung, der blaue Punkt an Ihrem Standort und der Maßstab.
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
    hint: Die App hat ihre Updates nach einem Standortfehler angehalten (P5): Starten Sie sie mit 'terminate' und dann 'launch' neu.
    when: stats.locationUpdates == 1
    hint: Das erste Standortupdate ist schon da, und ein weiteres kommt erst, wenn sich das Gerät mehr als 50 m davon entfernt: 'locate -33.870305 151.199'.
    when: stats.locationUpdates >= 2
    hint: Die Kamera ist dem Standortupdate gefolgt: Zeichnen Sie die Karte mit 'map'.
    hint: Bewegen Sie das Gerät mehr als 50 m vom letzten Standortupdate weg: 'locate -33.870305 151.199'.
    recap: Das erste Standortupdate hat die Karte eingeblendet und ihre Kamera gesetzt; weitere kommen erst jenseits des 50-m-Filters, und die Kamera folgt ihnen.

    == 5
    title: Wahrscheinliche Orte abfragen
    part: Nutzer den aktuellen Ort auswählen lassen
    say:
      Jedes Standortupdate endet mit listLikelyPlaces(). Die Methode leert das Array likelyPlaces
      der App und ruft findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name,
      .coordinate]) des GMSPlacesClient auf. Der Callback erhält GMSPlaceLikelihood-Werte, den
      wahrscheinlichsten zuerst, und die App hängt jeweils den zugehörigen Ort an. Auch viewDidLoad
      hat eine Anfrage gesendet, und jede Auswahl sendet eine weitere: Jeder Aufruf ist eine
      kostenpflichtige Anfrage an Find Current Place ('stats' zählt sie).

      Die Schaltfläche "Get Place" führt per Segue zum PlacesViewController, und
      prepare(for:sender:) übergibt ihm das Array. Arrays sind in Swift Werttypen: Die Auswahlliste
      erhält eine Kopie der Liste, so wie sie in diesem Moment ist. Tippen Sie auf die Schaltfläche:
      'likely'.
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
    hint: Die Liste ist leer und bleibt es auch: Ein Standortfehler hat die Updates angehalten (P5), also sendet kein Standortupdate eine Anfrage. Starten Sie die App mit 'terminate' und dann 'launch' neu.
    when: app.screen == "picker"
    hint: Die Tabelle ist leer: Die Auswahlliste hat eine Kopie der Liste erhalten, bevor die Antwort da war. 'back', dann noch einmal 'likely'.
    hint: Geben Sie 'likely' ein, um auf "Get Place" zu tippen.
    recap: Bei jedem Standortupdate fragt die App Places nach wahrscheinlichen Orten; "Get Place" übergibt der Auswahlliste eine Kopie der Liste.

    == 6
    title: Nutzer wählen lassen
    part: Nutzer den aktuellen Ort auswählen lassen
    say:
      Die Auswahlliste zeigt eine Zeile pro Ort, mit place.name als Text der Zelle, fünf Zeilen pro
      Bildschirm. Ein Tippen auf eine Zeile setzt selectedPlace und löst den Unwind-Segue zurück zur
      Karte aus. Bevor der Unwind läuft, gibt die Auswahlliste die Auswahl in ihrer Methode
      prepare(for:sender:) weiter: Sie setzt selectedPlace im Karten-Controller. Danach folgt
      unwindToMain(segue:). (Mit 'back' verlassen Sie die Liste, ohne etwas auszuwählen, und nichts
      ändert sich.)

      Wählen Sie den ersten, wahrscheinlichsten Ort aus: 'select 1'.
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
    hint: Die Auswahlliste ist geschlossen: 'likely' öffnet sie, dann 'select 1'.
    hint: Geben Sie 'select 1' ein, um auf die erste Zeile zu tippen.
    recap: Das Tippen hat selectedPlace gesetzt, prepare(for:sender:) hat den Ort an den Karten-Controller übergeben, und der Unwind ist zurückgekehrt.

    == 7
    title: Markierung hinzufügen
    part: Markierung auf der Karte setzen
    say:
      unwindToMain(segue:) ruft mapView.clear() auf, das die vorherige Markierung entfernt, erstellt
      dann GMSMarker(position: place.coordinate), setzt den Titel auf place.name und das Snippet auf
      place.formattedAddress und platziert die Markierung mit marker.map = mapView auf der Karte.
      Anschließend ruft die Methode erneut listLikelyPlaces() auf. Die Kamera bewegt sich nicht zur
      Markierung, und es öffnet sich auch kein Infofenster von selbst.

      Tippen Sie auf die Markierung, um ihr Infofenster zu öffnen: 'tap marker 1'. Sehen Sie sich
      an, was es anzeigt. Machen Sie dann ein Bild vom Bildschirm des Smartphones, 'snapshot
      marker.svg', und öffnen Sie die Datei in einem Browser.
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
    hint: Das Infofenster ist geöffnet: 'snapshot marker.svg' zeichnet den Bildschirm.
    hint: Geben Sie 'tap marker 1' ein, um das Infofenster der Markierung zu öffnen ('markers' listet die Markierungen auf), dann 'snapshot marker.svg'.
    recap: unwindToMain(segue:) hat die Karte geleert und eine Markierung am ausgewählten Ort gesetzt, mit dessen Namen als Titel.

    == 8
    title: Das fehlende Snippet (P1)
    part: Nutzer den aktuellen Ort auswählen lassen
    say:
      Das Infofenster zeigt den Titel, aber keine Adresse: Das Snippet ist nil. Es stammt aus
      place.formattedAddress, und die App fordert nur [.name, .coordinate] an; ein GMSPlace-Feld,
      das nicht angefordert wurde, ist nil. Das ist die Stolperfalle P1, im eigenen Code des
      Tutorials.

      Die Lösung besteht darin, das Feld anzufordern: in der App mit withPlaceFields: [.name,
      .coordinate, .formattedAddress], hier mit 'fields +formattedAddress'. Abgerechnet wird
      weiterhin als Basic Data. In Xcode heißt eine Codeänderung: App beenden, neu erstellen und
      wieder ausführen. Gehen Sie hier genauso vor: 'terminate', dann 'launch'. Die Anfragen der
      neuen App fordern die Adresse an, also liefern 'likely' und 'select 1' eine Markierung mit
      Snippet.
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
    hint: Die angegebenen Felder haben die ganze Feldmaske ersetzt, und name fehlt darin: Die Zeilen sind leer, und die Markierung hat keinen Titel. Mit '+' wird ein Feld hinzugefügt: 'fields reset', dann 'fields +formattedAddress'.
    when: fields !contains "coordinate"
    hint: Die angegebenen Felder haben die ganze Feldmaske ersetzt, und coordinate fehlt darin: Die Markierung steht nirgendwo. Mit '+' wird ein Feld hinzugefügt: 'fields reset', dann 'fields +formattedAddress'.
    when: fields contains "formattedAddress"
    hint: Die Felder stimmen; die laufende App wurde aber vor der Änderung erstellt, wie in Xcode: 'terminate', 'launch', dann 'likely' und 'select 1'.
    hint: Geben Sie 'fields +formattedAddress' ein und erstellen und starten Sie die App dann neu wie in Xcode: 'terminate', 'launch', danach 'likely' und 'select 1'.
    recap: Ein GMSPlace-Feld ist nil, wenn die Anfrage es nicht angefordert hat: formattedAddress füllt das Snippet.
    after: 'tap marker 1': Das Infofenster zeigt jetzt unter dem Namen die Adresse.

    == 9
    title: Abgelehnt
    part: Berechtigung zur Standortnutzung anfordern
    say:
      Was passiert, wenn jemand auf "Don't Allow" tippt? Fangen Sie von vorn an: 'reset' entspricht
      Erase All Content and Settings im Simulator (die App wird beendet und die Antwort vergessen;
      das Gerät behält seine Position). Dann 'launch' und 'auth deny'.

      Der Status wechselt zu denied. Die App gibt "User denied access to location." aus und blendet
      die Karte ein, die auf dem Standardpunkt in Sydney stehen bleibt. Core Location ruft danach
      locationManager(_:didFailWithError:) mit kCLErrorDomain-Code 1 auf, und die App ruft
      stopUpdatingLocation() auf: Selbst wenn später in den Einstellungen der Zugriff erlaubt wird,
      kommt bis zum nächsten Start kein Standortupdate (P5). Jede Places-Anfrage schlägt mit
      locationError (-11) fehl, daher zeigt "Get Place" eine leere Tabelle: Tippen Sie darauf,
      'likely', und fragen Sie nach dem Grund, 'explain'.
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
    hint: Die Tabelle der Auswahlliste ist leer: 'likely' öffnet sie, und 'explain' sagt, warum.
    hint: Geben Sie 'reset', 'launch' und dann 'auth deny' ein, um den Dialog mit "Don't Allow" zu beantworten.
    recap: Abgelehnt: Die Karte zeigt den Standardpunkt, die Updates ruhen bis zum nächsten Start, und jede Places-Anfrage schlägt fehl.

    == 10
    title: Ungefährer Standort (P12)
    part: Karte hinzufügen
    say:
      Seit iOS 14 hat der Dialog einen Schalter "Precise". Ist er aus, erhält die App
      reducedAccuracy: grobe Standortupdates (hier auf etwa 2 km gerundet, höchstens eines alle 15
      Minuten). Bei jedem Standortupdate liest die Swift-App accuracyAuthorization und zoomt auf
      Stufe 10 (eine ganze Stadt) statt auf 15.

      Löschen Sie das Gerät erneut und erlauben Sie den Zugriff mit ausgeschaltetem "Precise":
      'reset', 'launch', 'auth allow --approximate'. Die App gibt "Location accuracy is not
      precise." aus, und die Zoomstufe der Kamera ist 10 ('camera').
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
    hint: Geben Sie 'reset', 'launch' und dann 'auth allow --approximate' ein ("Allow While Using App" mit ausgeschaltetem "Precise").
    recap: Ohne "Precise" sind die Standortupdates grob und selten, und die Swift-App zoomt auf 10 heraus.

    == 11
    title: Objective-C: Die switch-Anweisung fällt durch (P7)
    part: Berechtigung zur Standortnutzung anfordern, in Objective-C
    say:
      Das Tutorial enthält denselben Code auch in einer Objective-C-Version. Deren
      Autorisierungs-Callback ist eine switch-Anweisung in C, in der nur der Fall restricted mit
      break endet: Jeder Fall läuft in die darunterliegenden weiter. (Außerdem zoomt diese Version
      auch bei ungefährem Standort auf 15: P12.)

      Starten Sie diese Version und lehnen Sie ab: 'reset', 'launch --flavor objc', 'auth deny'.
      Nach "User denied access to location." folgen "Location status not determined." und "Location
      status is OK.": beide falsch. Die Zeilen stammen von NSLog, mit Datum und Prozess davor.
    code: ← [mapViewController locationManager:manager didChangeAuthorizationStatus:…
    code: → [manager stopUpdatingLocation]
    api: locationManager:didChangeAuthorizationStatus:
    type: reset
    type: launch --flavor objc
    type: auth deny
    done: app.flavor == "objc"
    done: auth.status == "denied"
    done: log contains "User denied access to location."
    hint: Geben Sie 'reset', 'launch --flavor objc' und dann 'auth deny' ein.
    recap: In einer switch-Anweisung in C läuft ein case ohne break in den nächsten weiter: ein Status, drei Zeilen.

    == 12
    title: Objective-C: leere Zeilen, keine Markierung (P8)
    part: Nutzer den aktuellen Ort auswählen lassen, in Objective-C
    say:
      Der PlacesViewController der Objective-C-Version setzt nie den Text der Zelle, daher bleibt
      jede Zeile leer. Außerdem ist seine Methode prepareForSegue:sender: leer, sodass der
      ausgewählte Ort nie bei der Karte ankommt: Der Unwind leert die Karte und fügt nichts hinzu.

      Die Ablehnung hat die Updates für diesen Lauf angehalten: Erlauben Sie den Standortzugriff in
      den Einstellungen und starten Sie die App erneut, 'auth allow' und 'launch --flavor objc'.
      Dann 'likely' und 'select 1'.
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
    hint: Geben Sie 'auth allow' und 'launch --flavor objc' ein, dann 'likely' und 'select 1'.
    recap: Ohne Zellentext und mit leerem prepareForSegue:sender: zeigt die Auswahlliste in Objective-C leere Zeilen und gibt nichts zurück.

    == 13
    title: Die erste Anfrage kommt dem Dialog zuvor (P4)
    part: Nutzer den aktuellen Ort auswählen lassen
    optional: yes
    say:
      Zurück zu Swift. viewDidLoad ruft listLikelyPlaces() direkt nach
      requestWhenInUseAuthorization() auf, noch bevor jemand auf den Dialog antworten kann. Der
      Places-Client kann den Standort noch nicht verwenden, und die Anfrage schlägt mit
      locationError (-11) fehl: "Current Place error: …".

      Verfolgen Sie den Ablauf Ereignis für Ereignis: 'set autorun off' hält die Ereignisse in der
      Ereignisschleife (Run Loop) zurück, bis Sie sie zustellen. 'reset', 'set autorun off',
      'launch', dann 'events': Der Places-Callback steht bereits aus. 'step 2' stellt den
      Autorisierungs-Callback und den Dialog zu; antworten Sie mit 'auth allow', bevor der Callback
      kommt, dann 'step 2': Die Anfrage schlägt trotzdem fehl, denn Places hat sie schon beim Senden
      bewertet.
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
    hint: Autorun ist an, daher kommen alle Ereignisse auf einmal: 'reset', 'set autorun off', dann 'launch'.
    when: log contains "Current Place error"
    hint: Der Callback kam, bevor Sie auf den Dialog geantwortet haben: 'reset', dann noch einmal 'launch' und 'auth allow', sobald der Dialog zu sehen ist.
    when: auth.prompt == true
    hint: Der Dialog ist zu sehen: Antworten Sie mit 'auth allow', bevor der Places-Callback kommt, dann 'step 2'.
    when: auth.status == "authorizedWhenInUse"
    hint: Geben Sie 'step' ein, bis der Places-Callback kommt: Die Anfrage schlägt trotzdem fehl.
    hint: Geben Sie 'reset', 'set autorun off', 'launch', 'step 2', 'auth allow' und dann 'step 2' ein.
    recap: Die vor der Antwort gesendete Anfrage schlägt fehl: Places hat sie beim Senden bewertet.

    == 14
    title: Eine leere Liste bei "Get Place" (P2)
    part: Nutzer den aktuellen Ort auswählen lassen
    optional: yes
    say:
      Die Ereignisschleife wartet immer noch auf Sie: 'events' zeigt, was ansteht. Wartet ein
      Standortupdate, geben Sie 'step' ein, bis es zugestellt ist; wartet keines (die
      Ereignisschleife ist in Schritt 13 weitergelaufen), erzeugt 'locate google-sydney' eines.
      Jedes Standortupdate ruft listLikelyPlaces() auf, das die Liste sofort leert und eine Anfrage
      sendet, die 0,4 s später beantwortet wird. Tippen Sie dazwischen auf "Get Place", 'likely':
      Die Auswahlliste erhält eine Kopie des leeren Arrays. Stellen Sie dann mit 'step' die Antwort
      zu und sehen Sie nach: Die Liste der App ist voll ('show likely.count'), aber die Kopie der
      Auswahlliste bleibt leer, weil sie nie neu lädt.
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
    hint: Autorun ist an, daher kam die Antwort, bevor Sie tippen konnten: 'set autorun off', dann Schritt 13 noch einmal durchgehen ('tutorial goto 13').
    when: picker.rows.count > 0
    hint: Die Auswahlliste wurde erst nach der Antwort geöffnet, mit der vollen Liste: 'back', dann 'tutorial goto 13' für einen neuen Versuch.
    when: likely.count > 0
    hint: Die Antwort ist da: Sehen Sie sich mit 'show likely.count' die Liste der App an, und dann die der Auswahlliste.
    hint: Bei ausgeschaltetem Autorun: 'step', bis ein Standortupdate zugestellt ist ('locate google-sydney', falls keines wartet), sofort 'likely', dann mit 'step' die Places-Antwort zustellen und 'show likely.count'.
    recap: Die Auswahlliste behält die Kopie, die sie erhalten hat, auch wenn sich die Liste der App später füllt.
    after: Noch einmal 'back' und 'likely': Jetzt sind die Zeilen da.

    == 15
    title: Doppelte Zeilen (P3)
    part: Nutzer den aktuellen Ort auswählen lassen
    optional: yes
    say:
      listLikelyPlaces() leert die Liste beim Aufruf und hängt jede Antwort an, sobald sie
      eintrifft. Kommt ein zweiter Aufruf vor der ersten Antwort, landen beide Antworten in
      derselben Liste, und jeder Ort erscheint zweimal.

      Lassen Sie zwei Aufrufe überlappen: 'back' (falls die Auswahlliste geöffnet ist), 'locate
      google-sydney' (ein Standortupdate, fällig in 1 s), 'likely', 'wait 0.7s', dann 'select 1':
      Die Auswahl sendet eine Anfrage, die nach 0,4 s beantwortet wird, und das Standortupdate kommt
      0,3 s später mit einer weiteren. Stellen Sie das Standortupdate mit 'step' zu: Zwei Anfragen
      sind unterwegs. Zwei weitere 'step' stellen beide Antworten zu, und 'likely' öffnet die
      Auswahlliste mit der verdoppelten Liste: jeder Name zweimal, durchnummeriert.

      Die Auswahlliste zeigt fünf Zeilen, jede ein Fünftel so hoch wie die Tabelle, und lässt sich
      nicht scrollen: Nur die Zeilen 1–5 können angetippt werden. Die Zeilen der zweiten Antwort
      folgen auf alle Zeilen der ersten. Hätten die beiden Antworten also verschiedenen Positionen
      gegolten, lägen die Orte der neueren außer Reichweite.
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
    hint: Autorun ist an, daher überlappen sich die Aufrufe nicht: zuerst 'set autorun off'.
    when: stats.inFlight >= 2
    hint: Zwei Anfragen sind unterwegs: zweimal 'step', um beide Antworten zuzustellen, dann 'likely'.
    when: likely.count == 22
    hint: Die Antworten sind da: 'likely' zeigt jeden Namen zweimal.
    hint: Bei ausgeschaltetem Autorun: 'locate google-sydney', 'likely', 'wait 0.7s', 'select 1', dann dreimal 'step' und 'likely'.
    recap: Zwei gleichzeitig laufende Anfragen hängen beide an dieselbe Liste an: jeder Ort zweimal.
    after: Jeder Name steht zweimal da, und ein Finger erreicht nur die ersten fünf. 'back', danach lässt 'set autorun on' die Ereignisschleife wieder von selbst laufen.

    == 16
    title: Ein neues Projekt hat kein Current Place
    part: kein Teil davon (die App, umgestellt auf Nearby Search (New))
    say:
      findPlaceLikelihoodsFromCurrentLocation gehört zu Current Place, einem Teil der Places API
      (Legacy). Seit März 2025 lässt sich diese API in einem neuen Google Cloud-Projekt nicht mehr
      aktivieren; Projekte, die sie bereits hatten, behalten sie. Am Code der App ändert sich
      nichts: Entscheidend ist das Projekt, zu dem ihr Schlüssel gehört. Fehlt dort die API, schlägt
      jede Anfrage mit accessNotConfigured (-9) fehl.

      Lassen Sie die Ereignisschleife wieder von selbst laufen, 'set autorun on', und machen Sie die
      Sitzung zu einem neuen Projekt, 'project legacy off' (die Places API (New) bleibt aktiviert).
      Beenden Sie dann die App und starten Sie sie unverändert neu: 'terminate' und 'launch'. Jede
      Anfrage, die sie sendet, schlägt fehl: "Current Place error: … not enabled …", und ein Hinweis
      zeigt den Ausweg.
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
    hint: Autorun ist aus, daher warten die Ereignisse des Starts: 'set autorun on', dann 'terminate' und 'launch'.
    when: project.legacy == true
    hint: Das Projekt hat noch die Places API (Legacy): 'project legacy off', dann 'terminate' und 'launch'.
    when: app.flavor == "nearby"
    hint: Das ist bereits die umgestellte App; in diesem Schritt läuft die App des Tutorials unverändert: 'terminate', dann 'launch'.
    when: auth.prompt == true
    hint: Der Dialog ist zu sehen: 'auth allow'. Die Anfrage des folgenden Standortupdates schlägt mit accessNotConfigured (-9) fehl.
    hint: Geben Sie 'set autorun on' und 'project legacy off' ein, dann 'terminate' und 'launch'.
    recap: Ohne Places API (Legacy) im Projekt des Schlüssels schlägt jede Current-Place-Anfrage mit accessNotConfigured (-9) fehl.

    == 17
    title: Nearby Search (New) wartet auf einen Standort
    part: kein Teil davon (die App, umgestellt auf Nearby Search (New))
    say:
      Die umgestellte App ist die Version 'nearby': dieselben Bildschirme, derselbe Standortcode,
      nur listLikelyPlaces() ist für Nearby Search (New) neu geschrieben, ab GooglePlaces SDK 9
      ('help flavor nearby' zeigt den Code). Der alte Aufruf hat das Gerät selbst geortet; die neue
      Anfrage durchsucht einen Kreis, GMSPlaceCircularLocationOption(center, radius), und dessen
      Mittelpunkt muss die App liefern. Bei jedem Standortupdate speichert sie den Standort jetzt in
      currentLocation, bevor sie listLikelyPlaces() aufruft. Diese Methode erstellt eine
      GMSPlaceSearchNearbyRequest und ruft searchNearby(with:completion:) auf.

      Ohne Standort wird nichts gesendet; die Anfrage, die in Schritt 13 dem Dialog zuvorkam (P4),
      gibt es nicht mehr. Fangen Sie von vorn an und sehen Sie zu: 'reset', 'launch --flavor
      nearby', 'auth allow'. viewDidLoad gibt "Nearby search skipped: no location yet." aus; nach
      der Antwort sendet das erste Standortupdate die erste Suche.
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
    hint: Autorun ist aus, daher warten die Ereignisse: 'set autorun on', dann 'reset', 'launch --flavor nearby' und 'auth allow'.
    when: project.newAPI == false
    hint: Auch die Places API (New) fehlt im Projekt: 'project new-api on', dann 'reset', 'launch --flavor nearby' und 'auth allow'.
    when: auth.prompt == true
    hint: Der Dialog ist zu sehen: 'auth allow'. Danach sendet das erste Standortupdate die erste Suche.
    when: app.flavor == "nearby"
    hint: In diesem Schritt soll der Dialog in der umgestellten App beantwortet werden: 'reset', dann 'launch --flavor nearby' und 'auth allow'.
    hint: Geben Sie 'reset', 'launch --flavor nearby' und dann 'auth allow' ein.
    recap: Die umgestellte App sendet nichts, bis ein Standortupdate ihr einen Mittelpunkt liefert; danach durchsucht jedes Update den Kreis um diesen Punkt.

    == 18
    title: placeProperties als Feldmaske (P1)
    part: kein Teil davon (die App, umgestellt auf Nearby Search (New))
    say:
      Die neue Anfrage kennt kein withPlaceFields: mehr. Diese Rolle übernehmen ihre
      placeProperties, und die App fordert nur [GMSPlaceProperty.name, .coordinate] an: Die
      Markierung hätte also wieder kein Snippet, wie in Schritt 8. ('fields' hat die Feldmaske des
      alten Aufrufs gesetzt; die neue Anfrage liest sie nicht.)

      Fügen Sie die Adresse hinzu, 'nearby fields +formattedAddress', und erstellen und starten Sie
      die App dann wie in Xcode neu: 'terminate', 'launch --flavor nearby'. 'likely' und 'select 1'
      liefern eine Markierung mit Snippet. Abgerechnet wird eine Anfrage nach der SKU ihrer
      teuersten Eigenschaft; name, coordinate und formattedAddress gehören alle zu Nearby Search
      Pro, und 'nearby' zeigt, wie die Anfrage abgerechnet wird.
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
    hint: Die angegebenen Eigenschaften haben die ganze Liste ersetzt, und name fehlt darin: 'nearby fields reset', dann 'nearby fields +formattedAddress'.
    when: nearby.fields !contains "coordinate"
    hint: Die angegebenen Eigenschaften haben die ganze Liste ersetzt, und coordinate fehlt darin: 'nearby fields reset', dann 'nearby fields +formattedAddress'.
    when: app.flavor != "nearby"
    hint: In diesem Schritt geht es um die umgestellte App: 'terminate', 'launch --flavor nearby', dann 'likely' und 'select 1'.
    when: nearby.fields contains "formattedAddress"
    hint: Die Eigenschaften stimmen, aber die Liste stammt von einer Anfrage, die vor der Änderung gesendet wurde: 'terminate', 'launch --flavor nearby', dann 'likely' und 'select 1'.
    hint: Geben Sie 'nearby fields +formattedAddress' ein und erstellen und starten Sie die App dann neu: 'terminate', 'launch --flavor nearby', danach 'likely' und 'select 1'.
    recap: Eine Eigenschaft, die die Anfrage nicht angefordert hat, ist nil, wie zuvor ein Feld: formattedAddress füllt das Snippet wieder.

    == 19
    title: Beliebtheit oder Entfernung: Die Reihenfolge ist die Antwort
    part: kein Teil davon (die App, umgestellt auf Nearby Search (New))
    say:
      Current Place hat jedem Ort eine Wahrscheinlichkeit mitgegeben. Nearby Search (New) liefert
      keine (likely[1].likelihood ist nil): Die Reihenfolge ist alles, was die Antwort aussagt.
      Standardmäßig, mit rankPreference .popularity, kommen die beliebtesten Orte im Kreis zuerst
      ('help popularity' zeigt, wie placeshell sie bewertet), und der nächstgelegene Ort steht
      womöglich weit unten in der Liste.

      Für die Frage "Wo bin ich?" ist der nächstgelegene Ort die bessere Vermutung. Sortieren Sie
      nach Entfernung, 'nearby rank distance', und verkleinern Sie den Kreis von 500 m auf 250 m,
      'nearby radius 250m' (das SDK akzeptiert 0 bis 50.000 m). Erstellen und starten Sie die App
      neu, 'terminate' und 'launch --flavor nearby', und tippen Sie auf "Get Place", 'likely': Der
      nächstgelegene Ort steht oben, und alle Orte liegen höchstens 250 m entfernt.
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
    hint: Die Orte sind noch nach Beliebtheit sortiert: 'nearby rank distance'.
    when: nearby.radius > 250
    hint: Der Kreis ist noch größer als 250 m: 'nearby radius 250m'.
    when: app.screen == "picker"
    hint: Die angezeigte Liste stammt von einer Anfrage, die vor der Änderung gesendet wurde: 'back', 'terminate', 'launch --flavor nearby', dann 'likely'.
    hint: Geben Sie 'nearby rank distance' und 'nearby radius 250m' ein, dann 'terminate', 'launch --flavor nearby' und 'likely'.
    recap: Ohne Wahrscheinlichkeiten ist die Rangfolge die Antwort: .distance stellt den nächstgelegenen Ort innerhalb des Kreises an den Anfang.

    == 20
    title: Nicht mehr Orte, als die Auswahlliste zeigt
    part: kein Teil davon (die App, umgestellt auf Nearby Search (New))
    say:
      Die Auswahlliste zeigt fünf Zeilen und lässt sich nicht scrollen (Schritt 15): Jeder Ort nach
      dem fünften ist außer Reichweite, und doch fordert die Anfrage bis zu 20 an, den Standardwert
      von maxResultCount. Fordern Sie nur so viele an, wie der Bildschirm zeigt: 'nearby max 5' (das
      SDK akzeptiert 1 bis 20).

      Erstellen und starten Sie die App neu, 'terminate' und 'launch --flavor nearby', dann 'likely'
      und 'select 1': höchstens fünf Zeilen und eine Markierung mit Adresse am ersten Ort. Das ist
      die ganze Umstellung: dieselben Bildschirme, eine Anfrage rund um das letzte Standortupdate
      und eine sortierte Liste ohne Wahrscheinlichkeiten.
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
    hint: maxResultCount ist nicht 5: 'nearby max 5'.
    when: likely.count > 5
    hint: Die Liste stammt von einer Anfrage, die vor der Änderung gesendet wurde: 'terminate', 'launch --flavor nearby', dann 'likely' und 'select 1'.
    when: app.screen == "picker"
    hint: Jetzt sind es höchstens fünf Zeilen: 'select 1' setzt den ersten Ort auf die Karte.
    hint: Geben Sie 'nearby max 5' ein, dann 'terminate', 'launch --flavor nearby', 'likely' und 'select 1'.
    recap: Mit maxResultCount 5 fordert die App nicht mehr Orte an, als die Auswahlliste zeigen kann.
    after: 'tap marker 1' zeigt den Namen und die Adresse. Mit 'project legacy on' wird das Projekt wieder zu einem älteren.
    """#
