import PlaceFormats
import PlaceStorage

/// What a person does to the running app: taps and navigation. Each does nothing when the app
/// is not running; the shell checks the state first and explains what is wrong.
extension Session {
    /// Taps "Get Place".
    public func showPicker() { app?.showPicker() }

    /// Taps row `index` (0-based) of the picker.
    public func selectRow(_ index: Int) { app?.selectRow(index) }

    /// The picker's Back button.
    public func goBack() { app?.goBack() }

    /// The my-location button; false when the map has no location to go to.
    public func tapMyLocationButton() -> Bool { app?.tapMyLocationButton() ?? false }

    /// Taps marker `index` (0-based). The tutorial's map has no delegate, so the SDK's default
    /// selection follows: the marker becomes selected and its info window opens (unless title and
    /// snippet are both empty; tapping another marker switches the window), and the camera
    /// animates to centre it, keeping its zoom.
    public func tapMarker(_ index: Int) {
        guard let app, app.mapView.markers.indices.contains(index) else { return }
        let map = app.mapView
        let marker = map.markers[index]
        let empty = (marker.title ?? "").isEmpty && (marker.snippet ?? "").isEmpty
        map.selectedMarker = empty ? nil : index
        let camera = map.camera
        guard camera.target != marker.position else { return }
        map.animate(
            to: CameraPosition(
                target: marker.position, zoom: camera.zoom, bearing: camera.bearing, viewingAngle: camera.viewingAngle),
            owner: app)
    }

    /// Taps the map where no marker is: an open info window closes. Returns whether one was open.
    public func tapEmptyMap() -> Bool { app?.mapView.tapEmptyMap() ?? false }

    /// Delivers a location error to the running app now.
    public func failLocation(_ code: LocationErrorCode) {
        guard let app else { return }
        locationErrorsSent += 1
        lastLocationErrorSent = code
        app.locationManager.fail(code)
    }
}

extension Session {
    /// A drag on the map, as `GMSCameraUpdate.scrollBy(x:y:)`: the centre moves `dx` points right
    /// and `dy` points down (bearing 0, as the tutorial's map). Returns false without a map.
    @discardableResult
    public func panMap(dx: Double, dy: Double) -> Bool {
        guard let map = app?.mapView else { return false }
        let camera = map.camera
        let centre = worldPoint(camera.target, zoom: camera.zoom)
        let target = coordinate(worldX: centre.x + dx, worldY: centre.y + dy, zoom: camera.zoom)
        map.setCamera(
            CameraPosition(
                target: target, zoom: camera.zoom, bearing: camera.bearing, viewingAngle: camera.viewingAngle))
        return true
    }

    /// A pinch or a double tap: the zoom changes, the centre stays. Returns false without a map.
    @discardableResult
    public func zoomMap(to zoom: Double) -> Bool {
        guard let map = app?.mapView else { return false }
        let camera = map.camera
        map.setCamera(
            CameraPosition(
                target: camera.target, zoom: zoom, bearing: camera.bearing, viewingAngle: camera.viewingAngle))
        return true
    }
}
